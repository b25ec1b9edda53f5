/// A stack of cards, stored bottom first: `cards.last` is the top.
public struct Pile: Hashable, Sendable {
    /// The cards from the bottom (first) to the top (last).
    public private(set) var cards: [Card]
    /// One bit per card in the pile (``Card/bit``) and how many cards it holds, kept as the pile changes, so that
    /// ``Table/cardsAccountedFor`` reads them where the pile is rather than visiting its cards — which live apart,
    /// on the heap, and have gone cold by the time a busy server checks a table after its next action. Every change
    /// goes through this type's methods, which clear the bit of a card they take and add those of the cards they put:
    /// the count is exact, and a bit is never set for a card the pile does not hold.
    private(set) var keptBits: UInt64
    private(set) var keptCount: Int

    /// Creates a pile from cards listed bottom first.
    public init(bottomToTop cards: [Card] = []) {
        self.cards = cards
        keptBits = Card.bits(of: cards)
        keptCount = cards.count
    }

    /// The number of cards in the pile.
    public var count: Int { cards.count }
    /// Whether the pile holds no cards.
    public var isEmpty: Bool { cards.isEmpty }
    /// The card on top, if any.
    public var top: Card? { cards.last }

    /// Takes every card away and makes room for `capacity` cards: the pile grows to that many without allocating.
    public mutating func removeAll(reservingCapacity capacity: Int) {
        empty()
        cards.reserveCapacity(capacity)
    }

    /// Puts a card on top.
    public mutating func putOnTop(_ card: Card) {
        cards.append(card)
        kept(adding: card.bit, count: 1)
    }

    /// Removes and returns the top card, if any.
    public mutating func takeTop() -> Card? {
        guard let card = cards.popLast() else { return nil }
        keptBits &= ~card.bit
        keptCount -= 1
        return card
    }

    /// Puts cards, listed bottom first, underneath the pile.
    public mutating func putUnderneath(_ bottomFirst: [Card]) {
        cards.insert(contentsOf: bottomFirst, at: 0)
        kept(adding: Card.bits(of: bottomFirst), count: bottomFirst.count)
    }

    /// Puts one card underneath the pile.
    public mutating func putUnderneath(_ card: Card) {
        cards.insert(card, at: 0)
        kept(adding: card.bit, count: 1)
    }

    /// Moves every card of `other` underneath this pile, turned over as a whole (as ``takeAllTurnedOver()`` and
    /// ``putUnderneath(_:)-([Card])`` would), leaving `other` empty. Allocates nothing once this pile has room.
    public mutating func putUnderneath(turnedOver other: inout Pile) {
        cards.insert(contentsOf: other.cards.reversed(), at: 0)
        kept(adding: other.keptBits, count: other.keptCount)
        other.empty()
    }

    /// Removes every card and returns them turned over as a whole, listed bottom first:
    /// what was on top ends at the bottom and the bottom card is on top again.
    public mutating func takeAllTurnedOver() -> [Card] {
        defer { empty() }
        return cards.reversed()
    }

    /// Takes every card away, keeping the room they took.
    private mutating func empty() {
        cards.removeAll(keepingCapacity: true)
        keptBits = 0
        keptCount = 0
    }

    private mutating func kept(adding bits: UInt64, count: Int) {
        keptBits |= bits
        keptCount += count
    }

    /// Two piles are the same when they hold the same cards in the same order.
    public static func == (lhs: Pile, rhs: Pile) -> Bool {
        lhs.cards == rhs.cards
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cards)
    }
}
