/// One of the four suits of a French deck, numbered as on the wire.
public enum Suit: UInt8, CaseIterable, Sendable, Hashable, Codable {
    /// ♣, 0 on the wire.
    case clubs = 0
    /// ♦, 1 on the wire.
    case diamonds = 1
    /// ♥, 2 on the wire.
    case hearts = 2
    /// ♠, 3 on the wire.
    case spades = 3

    /// The suit's symbol: ♣ ♦ ♥ ♠.
    public var symbol: Character {
        switch self {
        case .clubs: "♣"
        case .diamonds: "♦"
        case .hearts: "♥"
        case .spades: "♠"
        }
    }

    /// A one-letter name (C, D, H, S), for places where symbols cannot be shown.
    public var letter: Character {
        switch self {
        case .clubs: "C"
        case .diamonds: "D"
        case .hearts: "H"
        case .spades: "S"
        }
    }

    /// Whether the suit is printed in red (hearts and diamonds).
    public var isRed: Bool { self == .hearts || self == .diamonds }
}
