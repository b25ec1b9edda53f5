import SnapProtocol

extension Packet {
    /// Whether a replay of the round holds this packet: what one connection is sent about itself (pings, its
    /// sign-in and seat, snapshots, refusals), the countdowns (their milliseconds depend on when each was sent)
    /// and what is about connections rather than the rules (a drop, the watcher count) are not.
    public var isReplayed: Bool {
        switch self {
        case .ping, .roundClock, .turnClock, .welcome, .signInRequest, .tableJoined, .serverReady, .snapshot, .error,
            .playerConnection, .watcherCount:
            false
        default: true
        }
    }
}
