/// Hexadecimal text for packets, as `snap decode` reads it and logs and the golden vectors show it.
public enum Hex {
    /// Why text could not be read as hexadecimal bytes.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// A character other than 0–9, a–f, A–F or white space, at this position (counting from 1).
        case notAHexDigit(Character, position: Int)
        /// An odd number of digits: the last byte is missing a digit.
        case oddDigitCount(Int)

        /// The problem in a sentence.
        public var description: String {
            switch self {
            case .notAHexDigit(let character, let position):
                "\"\(character)\" at position \(position) is not a hex digit (use 0–9 and A–F, two per byte)"
            case .oddDigitCount(let count):
                "\(count) hex digits is an odd number: every byte needs two digits"
            }
        }
    }

    /// The bytes written as hex digits, two per byte, upper or lower case; white space anywhere is ignored,
    /// so both `534E4150` and `53 4E 41 50` read as "SNAP".
    public static func bytes(_ text: String) throws(Problem) -> [UInt8] {
        var bytes = [UInt8]()
        var high: UInt8?
        var digits = 0
        for (index, character) in text.enumerated() {
            if character.isWhitespace { continue }
            guard let digit = character.hexDigitValue, character.isASCII else {
                throw .notAHexDigit(character, position: index + 1)
            }
            digits += 1
            if let pending = high {
                bytes.append(pending << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        guard high == nil else { throw .oddDigitCount(digits) }
        return bytes
    }

    /// The bytes as upper-case hex digits, two per byte, with `separator` between bytes.
    public static func string(_ bytes: some Sequence<UInt8>, separator: String = "") -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]]) }.joined(separator: separator)
    }
}
