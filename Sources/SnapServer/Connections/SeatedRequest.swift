import SnapCore

/// What a seated player asks of their table.
enum SeatedRequest: Hashable, Sendable {
    /// Turn my top card.
    case turnCard
    /// Snap! — after this reaction time, if the client said.
    case callSnap(reaction: Duration?)
    /// Start the round (host).
    case startRound
    /// Seat a computer player (host).
    case addComputer
    /// Change how rounds end and the turn timer (host, between rounds).
    case changeSettings(TableSettings)
    /// Send me the whole table.
    case resync
    /// I leave the table.
    case leave
    /// The original handshake (ClientReady, ClientDealtCards): nobody waits for it.
    case handshake

    /// The rules' action for the player in `seat`; nil for what the table session handles itself.
    func action(for seat: Seat) -> TableAction? {
        switch self {
        case .turnCard: .turnCard(seat)
        case .callSnap(let reaction): .callSnap(seat, reaction: reaction)
        case .startRound: .startRound(by: seat)
        case .leave: .leave(seat)
        case .changeSettings(let settings): .changeSettings(settings, by: seat)
        case .addComputer, .resync, .handshake: nil
        }
    }
}
