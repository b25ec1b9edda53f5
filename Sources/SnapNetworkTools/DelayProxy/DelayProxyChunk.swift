/// One chunk of bytes that went through a ``DelayProxy``, with the times the proxy read it, meant to deliver it,
/// and delivered it (all on `ContinuousClock`).
public struct DelayProxyChunk: Sendable {
    /// Which of the proxy's connections, counting from 0 in the order they were accepted.
    public var connection: Int
    /// Which way the bytes went.
    public var direction: DelayProxy.Direction
    /// When the proxy read them.
    public var arrival: ContinuousClock.Instant
    /// When its schedule said to deliver them.
    public var due: ContinuousClock.Instant
    /// When it wrote them to the other side.
    public var delivered: ContinuousClock.Instant
    /// The bytes themselves.
    public var bytes: [UInt8]
}
