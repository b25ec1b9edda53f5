/// Everything that can be asked of a table, as a value: for replays, logs and runners.
public enum TableAction: Hashable, Sendable {
    /// Seat a new player.
    case join(PlayerInfo)
    /// The player in this seat leaves (or has dropped for good).
    case leave(Seat)
    /// The player in this seat (the host) starts a round.
    case startRound(by: Seat)
    /// The player in this seat turns their top closed card.
    case turnCard(Seat)
    /// The player in this seat calls "Snap!".
    case callSnap(Seat)
    /// The clock reached the step the table was waiting for.
    case advance(TimedStep)
}
