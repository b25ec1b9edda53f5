/// Why a name cannot be announced.
public enum ServiceNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is empty.
    case empty
    /// The name is longer than 63 bytes of UTF-8.
    case tooLong(bytes: Int)
    /// The name holds a control character (a tab, a newline, an escape…).
    case controlCharacter

    public var description: String {
        switch self {
        case .empty: "the name is empty"
        case .tooLong(let bytes): "the name is \(bytes) bytes long in UTF-8; at most 63 fit"
        case .controlCharacter: "the name holds a control character (such as a tab or a newline)"
        }
    }
}
