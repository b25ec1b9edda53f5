import SnapCore

/// A move a seated player makes, which the rules judge as a ``TableAction`` of their seat.
enum SeatAction: Hashable, Sendable {
    /// Turn my top card.
    case turnCard
    /// Snap! — after this reaction time, if the client said.
    case callSnap(reaction: Duration?)
    /// Start the round (host), dealt from this code if given (else from a new one).
    case startRound(deal: DealCode?)
    /// Change how rounds end and the turn timer (host, between rounds); the head starts stay as they are.
    case changeSettings(roundLength: RoundLength, turnTime: Duration?)
    /// Give the player in a seat a head start (host, between rounds).
    case setHeadStart(Duration, for: Seat)
    /// Lock the table or not, make it private or not (host, at any time).
    case setAccess(isLocked: Bool, isPrivate: Bool)
    /// Remove the player in a seat (host, at any time).
    case remove(Seat)
    /// I leave the table.
    case leave

    /// The rules' action for the player in `seat`, at a table whose settings are `settings`: a change of one
    /// setting is a change to the whole settings.
    func action(for seat: Seat, settings: TableSettings) -> TableAction {
        switch self {
        case .turnCard: return .turnCard(seat)
        case .callSnap(let reaction): return .callSnap(seat, reaction: reaction)
        case .startRound(let deal): return .startRound(by: seat, deal: deal.map(RoundDeal.chosen) ?? .drawn)
        case .changeSettings(let roundLength, let turnTime):
            var changed = settings
            changed.roundLength = roundLength
            changed.turnTime = turnTime
            return .changeSettings(changed, by: seat)
        case .setHeadStart(let headStart, let player):
            var changed = settings
            changed.setHeadStart(headStart, for: player)
            return .changeSettings(changed, by: seat)
        case .setAccess(let isLocked, let isPrivate):
            var changed = settings
            changed.isLocked = isLocked
            changed.isPrivate = isPrivate
            return .changeSettings(changed, by: seat)
        case .remove(let player): return .remove(player, by: seat)
        case .leave: return .leave(seat)
        }
    }
}
