/// A round's deal as a short code that anyone can type: eight letters and digits, shown as `K7M3-Q2PX`.
///
/// The code fixes the order of the 52 cards (``deck``), so two tables, or two evenings, that start a round with
/// the same code play the same shuffle. It names every card, so a table keeps a round's code to itself until the
/// round is over. The letters are Crockford's base 32 (no I, L, O or U); reading one, `O` is taken as zero and
/// `I` or `L` as one, case and dashes do not matter.
public struct DealCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The code's number: 40 bits, eight letters of five bits each.
    public let value: UInt64

    /// The letters a code is written with, each worth its index.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// How many letters a code has.
    public static let length = 8
    /// One more than the largest code's number.
    public static let limit: UInt64 = 1 << 40

    /// The code with number `value`; nil when it is not below ``limit``.
    public init?(value: UInt64) {
        guard value < Self.limit else { return nil }
        self.value = value
    }

    /// A code drawn from `generator` (one draw).
    public init(drawingFrom generator: inout some RandomNumberGenerator) {
        value = generator.next() >> 24
    }

    /// Reads a code as a person types it.
    ///
    /// - Throws: ``DealCodeError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(DealCodeError) {
        var value: UInt64 = 0
        var count = 0
        for character in text.uppercased() where character != "-" && !character.isWhitespace {
            let letter: Character = switch character {
            case "O": "0"
            case "I", "L": "1"
            default: character
            }
            guard let digit = Self.alphabet.firstIndex(of: letter) else { throw .notInACode(character) }
            count += 1
            guard count <= Self.length else { continue }
            value = value << 5 | UInt64(digit)
        }
        guard count == Self.length else { throw .wrongLength(count) }
        self.value = value
    }

    /// The code as it is shown: two groups of four letters, `K7M3-Q2PX`.
    public var description: String {
        let letters = (0..<Self.length).reversed().map { Self.alphabet[Int(value >> (5 * UInt64($0)) & 31)] }
        return String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }

    /// The deck this code deals: the same order on every machine.
    public var deck: [Card] {
        var generator = SplitMix64(seed: value)
        return Deck.shuffled(using: &generator)
    }

    /// Codes in the order of their values.
    public static func < (left: DealCode, right: DealCode) -> Bool { left.value < right.value }
}

/// Why some text is not a deal code.
public enum DealCodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// It has this many letters and digits, not eight.
    case wrongLength(Int)
    /// It holds a character no code has.
    case notInACode(Character)

    /// What is wrong with the text, in a sentence for people.
    public var description: String {
        switch self {
        case .wrongLength(let count):
            "a deal code has \(DealCode.length) letters and digits, like K7M3-Q2PX; this has \(count)"
        case .notInACode(let character):
            "“\(character)” is not in a deal code: they are letters and digits, like K7M3-Q2PX (no U)"
        }
    }
}
