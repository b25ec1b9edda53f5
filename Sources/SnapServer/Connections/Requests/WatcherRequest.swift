import SnapCore

/// What someone watching a table (without a seat) asks of it.
enum WatcherRequest: Hashable, Sendable {
    /// Send me the whole table.
    case resync
    /// How is the network of the player in this seat?
    case networkTime(of: Seat)
    /// I stop watching.
    case leave
    /// The original handshake: nothing to do.
    case handshake
    /// Something only a seated player may do: refused.
    case needsSeat

    /// What a request made at a table means from a watcher.
    init(_ request: SeatedRequest) {
        switch request {
        case .resync: self = .resync
        case .networkTime(let seat): self = .networkTime(of: seat)
        case .act(.leave): self = .leave
        case .handshake: self = .handshake
        case .act, .addComputer: self = .needsSeat
        }
    }
}
