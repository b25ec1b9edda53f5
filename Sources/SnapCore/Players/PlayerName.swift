/// The rules for a player's name: 1 to 20 visible characters, trimmed, no control characters.
public enum PlayerName {
    /// The most characters a name may have.
    public static let maximumLength = 20

    /// Why a name was refused.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing visible was left after trimming.
        case empty
        /// More than ``PlayerName/maximumLength`` characters.
        case tooLong(Int)
        /// A control or formatting character.
        case controlCharacter
        /// A character that is not drawn (a Hangul filler, a grapheme joiner…): two names that look the same must
        /// not be two names.
        case invisibleCharacter
        /// "You": every screen shows its own player as "You", so nobody may be called that.
        case reserved

        public var description: String {
            switch self {
            case .empty: "a name needs at least one visible character"
            case .tooLong(let count): "a name has at most \(PlayerName.maximumLength) characters; this one has \(count)"
            case .controlCharacter: "a name cannot contain control characters"
            case .invisibleCharacter: "a name cannot contain invisible characters"
            case .reserved: "\"You\" is how everyone sees themselves, so it cannot be a name"
            }
        }
    }

    /// The name trimmed of surrounding white space, or the reason it cannot be used.
    public static func validated(_ raw: String) throws(Problem) -> String {
        let trimmed = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        for scalar in trimmed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                throw .controlCharacter
            default:
                if isInvisible(scalar) { throw .invisibleCharacter }
            }
        }
        guard trimmed.contains(where: { !$0.isWhitespace }) else { throw .empty }
        guard trimmed.count <= maximumLength else { throw .tooLong(trimmed.count) }
        guard trimmed.lowercased() != "you" else { throw .reserved }
        return trimmed
    }

    /// Whether a character is never drawn: Unicode's default-ignorable code points, but for the variation selectors
    /// that choose how the character before them is drawn (the emoji style of "❤️").
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let variationSelectors: [ClosedRange<UInt32>] = [0xFE00...0xFE0F, 0xE0100...0xE01EF]
        guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
        return !variationSelectors.contains { $0.contains(scalar.value) }
    }
}
