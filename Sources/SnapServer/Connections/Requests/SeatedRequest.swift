import SnapCore

/// What a seated player asks of their table.
enum SeatedRequest: Hashable, Sendable {
    /// A move the rules judge, for the player's seat.
    case act(SeatAction)
    /// Seat a computer player (host).
    case addComputer
    /// Send me the whole table.
    case resync
    /// How is the network of the player in this seat? (Watchers may ask too.)
    case networkTime(of: Seat)
    /// The original handshake (ClientReady, ClientDealtCards): nobody waits for it.
    case handshake
}
