import NIOCore

/// What a game connection may do with the socket under it: know where it comes from, and mark it as earned (a
/// player signed in on it, so it is never evicted to make room). Cutting it is the sender's (``WebSocketSender``).
struct PeerSocket: Sendable {
    /// The address the player is counted by, without its port: the socket's remote address, or behind a trusted
    /// proxy the one it forwarded (see ``TrustedProxies``).
    let address: String
    /// Reads the kernel's round trip to the client; nil behind a trusted proxy, whose round trip it would be, and
    /// for a socket that is not a network one.
    let roundTripProbe: KernelRoundTripProbe?
    private let channel: (any Channel)?
    private let registry: ConnectionRegistry?

    /// The socket of `channel`, whose upgrade request came with these `X-Forwarded-For` values.
    init(channel: any Channel, registry: ConnectionRegistry, forwardedFor: [String] = []) {
        let peer = ConnectionRegistry.address(of: channel)
        self.address = registry.trustedProxies.clientAddress(peer: peer, forwardedFor: forwardedFor)
        self.roundTripProbe = registry.trustedProxies.trusts(peer) ? nil : KernelRoundTripProbe(channel)
        self.channel = channel
        self.registry = registry
    }

    /// A socket that is not a network one (for tests of the parts above it).
    init(address: String) {
        self.address = address
        self.roundTripProbe = nil
        self.channel = nil
        self.registry = nil
    }

    /// Notes that the socket has earned its keep.
    func prove() {
        if let channel { registry?.prove(channel) }
    }
}
