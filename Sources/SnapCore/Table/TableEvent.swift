/// Something that happened at the table. Events are public: none carries the identity of a face-down card,
/// and together they say everything a client needs to mirror the table without guessing.
public enum TableEvent: Hashable, Sendable {
    /// A player sat down.
    case playerJoined(Seat, PlayerInfo)
    /// A player left; their cards (closed from the top, then open from the top) went face down, one at a
    /// time, to the bottom of the closed piles of `handedOutTo`, in that order.
    case playerLeft(Seat, handedOutTo: [Seat])
    /// Between rounds, players moved so that the seats match the layout for their number; applied all at once.
    case seatsRearranged([SeatMove])
    /// The host role moved to this seat (nil: the table is empty).
    case hostChanged(Seat?)
    /// A round began; `startingSeat` is activated first once the deal is over.
    case roundStarted(round: Int, startingSeat: Seat)
    /// The cards were dealt face down, one at a time clockwise from the starting player: this many per seat.
    case dealt(counts: [Seat: Int])
    /// The deal animation is over; play starts.
    case dealFinished
    /// A player became the active player.
    case activated(Seat)
    /// A player's open pile was turned over to become their closed pile.
    case recycled(Seat, count: Int)
    /// The active player turned this card onto their open pile.
    case cardTurned(Seat, Card)
    /// A player called "Snap!"; judged calls stop the table until `resumed`.
    case snapCalled(Seat, SnapVerdict)
    /// Right after a judged call: the reaction time its caller was credited with, and by how much it beat the
    /// next fastest call judged with it (nil when nobody else called in time). Changes nothing at the table.
    case callTimed(Seat, reaction: Duration, margin: Duration?)
    /// After a judged call that won by less than ``PhotoFinish/closeMargin``: every call judged with it on one time
    /// line. Changes nothing at the table.
    case photoFinish(PhotoFinish)
    /// After a correct call, a matching player's whole open pile went face down under the caller's closed pile.
    case pileCollected(from: Seat, to: Seat, count: Int)
    /// A paying player, short of closed cards, turned their open pile over and put it under their closed pile.
    case openPileTurnedUnder(Seat, count: Int)
    /// After a wrong call, the caller paid the top card of their closed pile to the bottom of another's.
    case cardPaid(from: Seat, to: Seat)
    /// A player has no cards left and is out of this round.
    case playerOut(Seat)
    /// The cards have moved after a call; play goes on.
    case resumed
    /// A player holds all 52 cards and wins the round; their games won is now `gamesWon`.
    case roundWon(Seat, gamesWon: Int)
    /// The round ended without a winner (the player holding every card left).
    case roundAbandoned
    /// The round just over was dealt from this code (after ``roundWon(_:gamesWon:)`` or ``roundAbandoned``).
    case dealRevealed(DealCode)
    /// A quick round's time ran out. Cards still moving finish first; then the most cards wins.
    case timeUp
    /// When the time was up these players tied for the most cards: play goes on until the next correct call.
    case suddenDeath([Seat])
    /// The host changed the table's settings; they hold from the next round.
    case settingsChanged(TableSettings)
}

/// A player moving from one seat to another between rounds.
public struct SeatMove: Hashable, Sendable {
    /// The seat the player leaves.
    public var from: Seat
    /// The seat the player takes.
    public var to: Seat

    /// Describes a move.
    public init(from: Seat, to: Seat) {
        self.from = from
        self.to = to
    }
}
