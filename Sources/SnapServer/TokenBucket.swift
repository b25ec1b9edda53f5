import SnapCore

/// A rate limit: up to `capacity` actions at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    let capacity: Double
    let perSecond: Double
    private var tokens: Double
    private var last: Duration?

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
        if let last {
            tokens = min(capacity, tokens + (now - last).inSeconds * perSecond)
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
