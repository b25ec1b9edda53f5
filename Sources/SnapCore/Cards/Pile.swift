/// A stack of cards, stored bottom first: `cards.last` is the top.
public struct Pile: Hashable, Sendable {
    /// The cards from the bottom (first) to the top (last).
    public private(set) var cards: [Card]

    /// Creates a pile from cards listed bottom first.
    public init(bottomToTop cards: [Card] = []) {
        self.cards = cards
    }

    /// The number of cards in the pile.
    public var count: Int { cards.count }
    /// Whether the pile holds no cards.
    public var isEmpty: Bool { cards.isEmpty }
    /// The card on top, if any.
    public var top: Card? { cards.last }

    /// Takes every card away and makes room for `capacity` cards: the pile grows to that many without allocating.
    public mutating func removeAll(reservingCapacity capacity: Int) {
        cards.removeAll(keepingCapacity: true)
        cards.reserveCapacity(capacity)
    }

    /// Puts a card on top.
    public mutating func putOnTop(_ card: Card) {
        cards.append(card)
    }

    /// Removes and returns the top card, if any.
    public mutating func takeTop() -> Card? {
        cards.popLast()
    }

    /// Puts cards, listed bottom first, underneath the pile.
    public mutating func putUnderneath(_ bottomFirst: [Card]) {
        cards.insert(contentsOf: bottomFirst, at: 0)
    }

    /// Puts one card underneath the pile.
    public mutating func putUnderneath(_ card: Card) {
        cards.insert(card, at: 0)
    }

    /// Moves every card of `other` underneath this pile, turned over as a whole (as ``takeAllTurnedOver()`` and
    /// ``putUnderneath(_:)-([Card])`` would), leaving `other` empty. Allocates nothing once this pile has room.
    public mutating func putUnderneath(turnedOver other: inout Pile) {
        cards.insert(contentsOf: other.cards.reversed(), at: 0)
        other.cards.removeAll(keepingCapacity: true)
    }

    /// Removes every card and returns them turned over as a whole, listed bottom first:
    /// what was on top ends at the bottom and the bottom card is on top again.
    public mutating func takeAllTurnedOver() -> [Card] {
        defer { cards.removeAll(keepingCapacity: true) }
        return cards.reversed()
    }
}
