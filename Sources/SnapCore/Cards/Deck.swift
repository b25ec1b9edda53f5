/// The 52-card deck: four suits of thirteen values, no jokers.
public enum Deck {
    /// Every card once, in a fixed order (clubs Ace to King, then diamonds, hearts, spades).
    public static let ordered: [Card] = Suit.allCases.flatMap { suit in
        Card.values.map { Card(suit: suit, value: $0)! }
    }

    /// The number of cards in the deck.
    public static let size = 52

    /// A uniformly shuffled deck, drawn from `generator` so that a seed reproduces it.
    public static func shuffled(using generator: inout some RandomNumberGenerator) -> [Card] {
        ordered.shuffled(using: &generator)
    }
}
