import SnapCore

/// A rate limit: up to `capacity` actions at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    /// What a bucket holds: its tokens, and when one was last asked for.
    struct Level: Sendable {
        var tokens: Double
        /// In nanoseconds; `Int64.min` before the first time. (Not an optional Duration: a connection holds a
        /// dozen of these, and this keeps each at 16 bytes.)
        var lastNanoseconds = Int64.min
    }

    let capacity: Double
    let perSecond: Double
    private var level: Level

    /// A bucket allowing bursts of up to `perSecond` (at least one).
    init(perSecond: Double) {
        self.init(perSecond: perSecond, burst: perSecond)
    }

    /// A bucket allowing bursts of up to `burst` (at least one).
    init(perSecond: Double, burst: Double) {
        self.capacity = max(1, burst)
        self.perSecond = perSecond
        self.level = Level(tokens: max(1, burst))
    }

    /// A bucket for a rate of requests.
    init(_ rate: RequestLimits.Rate) {
        self.init(perSecond: rate.perSecond, burst: rate.burst)
    }

    /// Takes one token if there is one.
    mutating func take(at now: Duration) -> Bool {
        take(from: &level, at: now)
    }

    /// Takes one token, if there is one, from a level kept elsewhere at this bucket's rate (so that many
    /// connections can share one bucket's rate and keep only their levels).
    func take(from level: inout Level, at now: Duration) -> Bool {
        let nanoseconds = now.nanoseconds
        if level.lastNanoseconds != .min {
            level.tokens = min(capacity, level.tokens + Double(nanoseconds - level.lastNanoseconds) / 1e9 * perSecond)
        }
        level.lastNanoseconds = nanoseconds
        guard level.tokens >= 1 else { return false }
        level.tokens -= 1
        return true
    }
}
