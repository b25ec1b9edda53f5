/// Everything that can be asked of a table, as a value: for replays, logs and runners.
public enum TableAction: Hashable, Sendable {
    /// Seat a new player.
    case join(PlayerInfo)
    /// The player in this seat leaves (or has dropped for good).
    case leave(Seat)
    /// The host (the second seat) removes the player in the first seat: as if they had left.
    case remove(Seat, by: Seat)
    /// The player in this seat (the host) starts a round, dealt as `deal` says.
    case startRound(by: Seat, deal: RoundDeal = .drawn)
    /// The player in this seat turns their top closed card.
    case turnCard(Seat)
    /// The player in this seat calls "Snap!", saying it took them `reaction` from seeing the card to the
    /// press (nil: they did not say). A ``Table`` judges calls as they come; a ``TableRunner`` ranks the
    /// calls on one card by reaction time (``JudgingRule``).
    case callSnap(Seat, reaction: Duration? = nil)
    /// The clock reached the step the table was waiting for.
    case advance(TimedStep)
    /// The player in this seat (the host) changes the table's settings between rounds.
    case changeSettings(TableSettings, by: Seat)
    /// A quick round's time ran out.
    case timeRanOut
    /// The person in this seat lost their connection (false) or came back (true): the turn timer waits only a
    /// second for someone who is not there.
    case setPresence(Seat, present: Bool)
}
