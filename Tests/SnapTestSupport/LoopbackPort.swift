import SnapNetworkTools

/// A loopback port nobody listens on right now, for a server that must know its port before it starts (a
/// cluster node registers the URL players reach it at).
public enum LoopbackPort {
    /// A port the system has just handed out and taken back.
    public static func free() throws -> Int {
        try TCPSocket.freeLoopbackPort()
    }
}
