import SnapNetworkTools

/// The soak's misbehaving clients. Each runs one connection at a time, episode after episode, on a raw WebSocket
/// (``RawWebSocket``), and reports how the server ended each one.
public enum HostileKind: String, CaseIterable, Sendable {
    /// Sends binary frames of random bytes until the server closes it (Error 100 each, then 1002 after ten).
    case garbage
    /// Sends one frame larger than the largest packet (1009).
    case oversized
    /// Breaks the WebSocket protocol, a different way each time: a reserved opcode, a reserved bit, an unmasked
    /// frame, a fragmented control frame (1002), or a text frame that is not UTF-8 (1007).
    case badFrames = "bad_frames"
    /// Signs in and sends requests as fast as it can while reading the answers: table lists in the lobby, or
    /// Snap! calls at a table of its own with three computer players (Error 107, then 1008).
    case flooder
    /// Signs in, asks for the table list as fast as it can and never reads, with a small receive buffer, so that
    /// the answers pile up at the server (closed for not reading, or for too many requests).
    case nonReader = "non_reader"
    /// Signs in and asks for the table list forty times a second while reading a few hundred bytes a second.
    case slowReader = "slow_reader"
    /// Connects and never signs in, nor says anything at all (closed at the sign-in deadline, or for silence).
    case silent

    /// What it does, for the report.
    public var summary: String {
        switch self {
        case .garbage: "random binary frames"
        case .oversized: "one frame over 4 KiB"
        case .badFrames: "WebSocket protocol violations, invalid UTF-8"
        case .flooder: "requests as fast as it can, reading"
        case .nonReader: "requests as fast as it can, never reading"
        case .slowReader: "40 requests/s, reading 2.5 KB/s"
        case .silent: "never signs in, never speaks"
        }
    }
}
