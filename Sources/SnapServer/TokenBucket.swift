import SnapCore

/// A rate limit: up to `capacity` actions at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    let capacity: Double
    let perSecond: Double
    private var tokens: Double
    private var last: Duration?

    init(perSecond: Double) {
        self.capacity = max(1, perSecond)
        self.perSecond = perSecond
        self.tokens = max(1, perSecond)
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
