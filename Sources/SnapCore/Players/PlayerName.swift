/// The rules for a player's name: 1 to 20 visible characters, trimmed, no control characters, and at most
/// ``maximumBytes`` bytes of UTF-8.
///
/// A visible character is what a person sees as one: a grapheme cluster (Swift's `Character`), so "é" written as
/// "e" and a combining accent is one, and so is a family emoji joined from four with zero-width joiners.
public enum PlayerName {
    /// The most visible characters (grapheme clusters) a name may have.
    public static let maximumLength = 20
    /// The most bytes of UTF-8 a name may take: a name travels as one string of the protocol (docs/PROTOCOL.md),
    /// which holds at most 255 bytes. That is room for 20 letters with a few combining marks each, or 10 family
    /// emoji of 25 bytes each.
    public static let maximumBytes = 255

    /// Why a name was refused.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing visible was left after trimming.
        case empty
        /// More than ``PlayerName/maximumLength`` visible characters.
        case tooLong(Int)
        /// More than ``PlayerName/maximumBytes`` bytes of UTF-8, though no more than 20 visible characters.
        case tooManyBytes(Int)
        /// A control or formatting character.
        case controlCharacter
        /// A character that is not drawn (a Hangul filler, a grapheme joiner…): two names that look the same must
        /// not be two names.
        case invisibleCharacter
        /// "You": every screen shows its own player as "You", so nobody may be called that.
        case reserved

        /// What is wrong with the name, in a sentence for people.
        public var description: String {
            switch self {
            case .empty: "a name needs at least one visible character"
            case .tooLong(let count):
                "a name has at most \(PlayerName.maximumLength) visible characters; this one has \(count)"
            case .tooManyBytes(let count):
                "a name takes at most \(PlayerName.maximumBytes) bytes; this one takes \(count) (fewer emoji fit than letters)"
            case .controlCharacter: "a name cannot contain control characters"
            case .invisibleCharacter: "a name cannot contain invisible characters"
            case .reserved: "\"You\" is how everyone sees themselves, so it cannot be a name"
            }
        }
    }

    /// The name trimmed of surrounding white space, or the reason it cannot be used.
    public static func validated(_ raw: String) throws(Problem) -> String {
        let trimmed = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        for character in trimmed {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if isEmojiJoiner(at: index, in: scalars) { continue }
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                    throw .controlCharacter
                default:
                    if isInvisible(scalar) { throw .invisibleCharacter }
                }
            }
        }
        guard trimmed.contains(where: { !$0.isWhitespace }) else { throw .empty }
        // String.count counts grapheme clusters: what a person sees as characters.
        guard trimmed.count <= maximumLength else { throw .tooLong(trimmed.count) }
        guard trimmed.utf8.count <= maximumBytes else { throw .tooManyBytes(trimmed.utf8.count) }
        guard trimmed.lowercased() != "you" else { throw .reserved }
        return trimmed
    }

    /// Whether the scalar at `index` is a zero-width joiner between two emoji of one character, as in a family or
    /// a profession emoji ("👩‍🚒"): drawn as one picture, so nothing is hidden. Anywhere else it is invisible.
    private static func isEmojiJoiner(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard scalars[index] == "\u{200D}", index > 0, index < scalars.count - 1 else { return false }
        let before = scalars[index - 1]
        // A variation selector or a skin tone may come between the emoji and the joiner.
        let emojiBefore = before.properties.isEmoji || isVariationSelector(before)
        return emojiBefore && scalars[index + 1].properties.isEmoji && scalars[0].properties.isEmoji
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// Whether a character is never drawn: Unicode's default-ignorable code points, but for the variation selectors
    /// that choose how the character before them is drawn (the emoji style of "❤️").
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint && !isVariationSelector(scalar)
    }
}
