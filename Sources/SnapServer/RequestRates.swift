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

    /// The rates of one connection on a server pinging every `pingInterval` whose game runs `speed` times as
    /// fast as normal: pongs are allowed at least twice as often as the server pings, and turns as many times
    /// as often as the game is sped up, so that the server never refuses what it asked for itself.
    init(_ limits: RequestLimits, pingInterval: Duration, speed: Double) {
        buckets = RequestLimits.Kind.allCases.map { kind in
            var rate = limits[kind]
            switch kind {
            case .pong:
                rate.perSecond = max(rate.perSecond, 2 / max(pingInterval.inSeconds, 0.001))
            case .turn:
                rate.perSecond *= max(1, speed)
                rate.burst *= max(1, speed)
            default:
                break
            }
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
