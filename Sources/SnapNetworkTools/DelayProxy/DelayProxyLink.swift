/// How one direction of a proxied connection is slowed: a fixed delay, plus a jitter drawn uniformly from
/// ±`jitter` for each chunk.
public struct DelayProxyLink: Sendable, Hashable, CustomStringConvertible {
    /// The fixed delay added to every chunk.
    public var delay: Duration
    /// The most a chunk's delay may differ from `delay`, either way (a delay never goes below zero).
    public var jitter: Duration

    /// A link that holds every chunk for `delay`, give or take up to `jitter`.
    public init(delay: Duration, jitter: Duration = .zero) {
        self.delay = delay
        self.jitter = jitter
    }

    /// A link of whole milliseconds.
    public static func milliseconds(_ delay: Int, jitter: Int = 0) -> DelayProxyLink {
        DelayProxyLink(delay: .milliseconds(delay), jitter: .milliseconds(jitter))
    }

    /// The longest a chunk that finds nothing ahead of it is held.
    public var longest: Duration { delay + jitter }

    /// Like "5 ms" or "80 ms ±20 ms".
    public var description: String {
        let delay = "\(delay.nanoseconds / 1_000_000) ms"
        return jitter == .zero ? delay : "\(delay) ±\(jitter.nanoseconds / 1_000_000) ms"
    }
}
