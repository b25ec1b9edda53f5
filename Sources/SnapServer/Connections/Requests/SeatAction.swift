import SnapCore

/// A move a seated player makes, which the rules judge as a ``TableAction`` of their seat.
enum SeatAction: Hashable, Sendable {
    /// Turn my top card.
    case turnCard
    /// Snap! — after this reaction time, if the client said.
    case callSnap(reaction: Duration?)
    /// Start the round (host).
    case startRound
    /// Change how rounds end and the turn timer (host, between rounds).
    case changeSettings(TableSettings)
    /// I leave the table.
    case leave

    /// The rules' action for the player in `seat`.
    func action(for seat: Seat) -> TableAction {
        switch self {
        case .turnCard: .turnCard(seat)
        case .callSnap(let reaction): .callSnap(seat, reaction: reaction)
        case .startRound: .startRound(by: seat)
        case .changeSettings(let settings): .changeSettings(settings, by: seat)
        case .leave: .leave(seat)
        }
    }
}
