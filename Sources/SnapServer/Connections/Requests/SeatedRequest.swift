import SnapCore

/// What a seated player asks of their table.
enum SeatedRequest: Hashable, Sendable {
    /// A move the rules judge, for the player's seat.
    case act(SeatAction)
    /// Seat a computer player (host).
    case addComputer
    /// Send me the whole table.
    case resync
    /// The original handshake (ClientReady, ClientDealtCards): nobody waits for it.
    case handshake
}
