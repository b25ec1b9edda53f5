/// A playing card: a suit and a value from 1 (Ace) to 13 (King).
public struct Card: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The suit in the high four bits, the value in the low four: one byte, so that a pile with room for the whole
    /// deck — every table keeps eight — is 52 bytes of cards, not 104.
    private let code: UInt8

    /// The card's suit.
    public var suit: Suit { Suit(rawValue: code >> 4)! }
    /// The card's value: Ace = 1, 2 … 10, Jack = 11, Queen = 12, King = 13.
    public var value: UInt8 { code & 0x0F }

    /// The lowest and highest card values.
    public static let values: ClosedRange<UInt8> = 1...13

    /// Creates a card, or returns nil when `value` is not between 1 and 13.
    public init?(suit: Suit, value: UInt8) {
        guard Card.values.contains(value) else { return nil }
        code = suit.rawValue << 4 | value
    }

    private enum CodingKeys: String, CodingKey {
        case suit, value
    }

    /// Reads a card written as its suit and value; a value outside 1…13 is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(UInt8.self, forKey: .value)
        guard let card = Card(suit: try container.decode(Suit.self, forKey: .suit), value: value) else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: "A card's value is 1 to 13, not \(value).")
        }
        self = card
    }

    /// Writes the card as its suit and value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(suit, forKey: .suit)
        try container.encode(value, forKey: .value)
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
