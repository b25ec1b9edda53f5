/// A player in a seat, with their two piles. Only the table holds these; views show counts instead of closed cards.
public struct SeatedPlayer: Hashable, Sendable {
    /// Who the player is.
    public var info: PlayerInfo
    /// The face-down pile the player turns cards from.
    public var closed = Pile()
    /// The face-up pile next to it.
    public var open = Pile()
    /// Rounds this player has won at this table.
    public var gamesWon = 0

    /// Seats a player with no cards.
    public init(info: PlayerInfo) {
        self.info = info
    }

    /// The player's cards: closed plus open.
    public var cardCount: Int { closed.count + open.count }

    /// Adds the bits of the cards in both piles to `seen` (``Card/bits(of:)``); returns how many cards they are. Reads
    /// what each pile keeps of its cards, not the cards themselves (see ``Pile``).
    func addCardBits(to seen: inout UInt64) -> Int {
        seen |= closed.keptBits | open.keptBits
        return closed.keptCount + open.keptCount
    }
}
