import SnapCore

/// A rate limit: up to `capacity` actions at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    let capacity: Double
    let perSecond: Double
    private var tokens: Double
    /// When a token was last asked for, in nanoseconds; `Int64.min` before the first time.
    private var lastNanoseconds = Int64.min

    /// A bucket allowing bursts of up to `perSecond` (at least one).
    init(perSecond: Double) {
        self.init(perSecond: perSecond, burst: perSecond)
    }

    /// A bucket allowing bursts of up to `burst` (at least one).
    init(perSecond: Double, burst: Double) {
        self.capacity = max(1, burst)
        self.perSecond = perSecond
        self.tokens = max(1, burst)
    }

    /// A bucket for a rate of requests.
    init(_ rate: RequestLimits.Rate) {
        self.init(perSecond: rate.perSecond, burst: rate.burst)
    }

    /// Takes one token if there is one.
    mutating func take(at now: Duration) -> Bool {
        let nanoseconds = now.nanoseconds
        if lastNanoseconds != .min {
            tokens = min(capacity, tokens + Double(nanoseconds - lastNanoseconds) / 1e9 * perSecond)
        }
        lastNanoseconds = nanoseconds
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
