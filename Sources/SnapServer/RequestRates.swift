import SnapCore

/// One connection's use of its ``RequestLimits``: a bucket per kind of request, and one for the refusals it has
/// collected, which closes the connection when a client keeps going over.
struct RequestRates: Sendable {
    /// What to do with a request.
    enum Verdict: Equatable {
        /// Within its limit.
        case allowed
        /// Over its limit: refuse it.
        case refused
        /// Over its limit once too often: close the connection.
        case exhausted
    }

    private var buckets: [TokenBucket]
    private var refusals: TokenBucket

    /// The rates of one connection; pongs are allowed at least twice as often as the server sends pings, so that
    /// a server pinging often never refuses its own answers.
    init(_ limits: RequestLimits, pingInterval: Duration) {
        buckets = RequestLimits.Kind.allCases.map { kind in
            var rate = limits[kind]
            if kind == .pong { rate.perSecond = max(rate.perSecond, 2 / max(pingInterval.inSeconds, 0.001)) }
            return TokenBucket(rate)
        }
        refusals = TokenBucket(limits.refusals)
    }

    /// Counts a request of `kind` made at `now`.
    mutating func take(_ kind: RequestLimits.Kind, at now: Duration) -> Verdict {
        let index = RequestLimits.Kind.allCases.firstIndex(of: kind)!
        if buckets[index].take(at: now) { return .allowed }
        return refusals.take(at: now) ? .refused : .exhausted
    }
}
