/// What a client asks of its connection alone: handled at once, on the socket's thread.
enum ConnectionRequest: Hashable, Sendable {
    /// The protocol version the client speaks.
    case hello(version: UInt8)
    /// The answer to a ping.
    case pong(UInt64)
}
