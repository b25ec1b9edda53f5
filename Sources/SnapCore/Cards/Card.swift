/// A playing card: a suit and a value from 1 (Ace) to 13 (King).
public struct Card: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The card's suit.
    public let suit: Suit
    /// The card's value: Ace = 1, 2 … 10, Jack = 11, Queen = 12, King = 13.
    public let value: UInt8

    /// The lowest and highest card values.
    public static let values: ClosedRange<UInt8> = 1...13

    /// Creates a card, or returns nil when `value` is not between 1 and 13.
    public init?(suit: Suit, value: UInt8) {
        guard Card.values.contains(value) else { return nil }
        self.suit = suit
        self.value = value
    }

    /// The card's rank as people write it: A, 2 … 10, J, Q, K.
    public var rank: String {
        switch value {
        case 1: "A"
        case 11: "J"
        case 12: "Q"
        case 13: "K"
        default: String(value)
        }
    }

    /// The rank followed by the suit symbol, e.g. "10♥".
    public var description: String { "\(rank)\(suit.symbol)" }

    /// The card's own bit of 52, one per card of the deck.
    var bit: UInt64 { 1 &<< (UInt64(suit.rawValue) &* 13 &+ UInt64(value) &- 1) }

    /// The bits of `cards` or-ed together: a card that is there twice sets its bit once.
    static func bits(of cards: borrowing [Card]) -> UInt64 {
        cards.withUnsafeBufferPointer { cards in
            var bits: UInt64 = 0
            for card in cards { bits |= card.bit }
            return bits
        }
    }
}
