import NIOCore

/// What a game connection may do with the socket under it: know where it comes from, and mark it as earned (a
/// player signed in on it, so it is never evicted to make room). Cutting it is the sender's (``WebSocketSender``).
struct PeerSocket: Sendable {
    /// The address the player is counted by, without its port: the socket's remote address, or behind a trusted
    /// proxy the one it forwarded (see ``TrustedProxies``).
    let address: String
    private let channel: (any Channel)?
    private let registry: ConnectionRegistry?
    /// Whether the socket is the client's own, not a trusted proxy's.
    private let isClients: Bool

    /// The socket of `channel`, whose upgrade request came with these `X-Forwarded-For` values.
    init(channel: any Channel, registry: ConnectionRegistry, forwardedFor: [String] = []) {
        let peer = ConnectionRegistry.address(of: channel)
        self.address = registry.trustedProxies.clientAddress(peer: peer, forwardedFor: forwardedFor)
        self.isClients = !registry.trustedProxies.trusts(peer)
        self.channel = channel
        self.registry = registry
    }

    /// A socket that is not a network one (for tests of the parts above it).
    init(address: String) {
        self.address = address
        self.isClients = false
        self.channel = nil
        self.registry = nil
    }

    /// Reads the kernel's round trip to the client; nil behind a trusted proxy, whose round trip it would be, and
    /// for a socket that is not a network one. Made when a pong asks for it (a cast of the channel), not kept with
    /// every connection.
    var roundTripProbe: KernelRoundTripProbe? {
        guard isClients, let channel else { return nil }
        return KernelRoundTripProbe(channel)
    }

    /// Notes that the socket has earned its keep.
    func prove() {
        if let channel { registry?.prove(channel) }
    }
}
