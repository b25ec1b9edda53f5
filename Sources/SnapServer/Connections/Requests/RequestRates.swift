import SnapCore

/// One connection's use of its ``RequestLimits``: a bucket per kind of request, and one for the refusals it has
/// collected, which closes the connection when a client keeps going over; and the player's Snap! calls, at
/// ``SnapServerConfiguration/snapCallsPerSecond`` (a call refused for its rate is only refused: a quick player
/// calling on every card is no flood). Every rate a connection's requests are held to is here.
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

    /// The buckets' rates, the same for every connection of a server: made once, and shared. Kept as two rows, the
    /// rates and the capacities, in the order of a connection's levels (a bucket per kind, then the refusals' and
    /// the calls'), which a refill reads side by side with them on every request.
    final class Plan: Sendable {
        let capacities: Tokens
        let perSecond: Tokens

        init(buckets: [TokenBucket], refusals: TokenBucket, calls: TokenBucket) {
            let all = buckets + [refusals, calls]
            precondition(all.count == Tokens.count)
            var capacities = Tokens()
            var perSecond = Tokens()
            for (index, bucket) in all.enumerated() {
                capacities[index] = bucket.capacity
                perSecond[index] = bucket.perSecond
            }
            self.capacities = capacities
            self.perSecond = perSecond
        }
    }

    private let plan: Plan
    /// This connection's own part: how full each bucket is — one per kind, then the refusals' and the calls' —
    /// all filled up to the same time (one time, not one per bucket: every connection keeps them).
    private var tokens: Tokens
    private var lastNanoseconds = Int64.min

    /// The rates of one connection, sharing `plan` (see ``plan(_:pingInterval:speed:snapCallsPerSecond:)``).
    init(_ plan: Plan) {
        self.plan = plan
        tokens = plan.capacities
    }

    private static let refusalsIndex = Tokens.count - 2
    private static let callsIndex = Tokens.count - 1

    /// Fills every bucket for the time since the last request, up to its capacity.
    private mutating func refill(at now: Duration) {
        let nanoseconds = now.nanoseconds
        defer { lastNanoseconds = max(lastNanoseconds, nanoseconds) }
        guard lastNanoseconds != .min, nanoseconds > lastNanoseconds else { return }
        tokens.fill(for: Double(nanoseconds - lastNanoseconds) / 1e9, at: plan.perSecond, upTo: plan.capacities)
    }

    /// Takes a token from bucket `index`, if it has one.
    private mutating func take(from index: Int) -> Bool {
        guard tokens[index] >= 1 else { return false }
        tokens[index] -= 1
        return true
    }

    /// The rates of a server pinging every `pingInterval` whose game runs `speed` times as fast as normal: pongs are
    /// allowed at least twice as often as the server pings, and turns as many times as often as the game is sped
    /// up, so that the server never refuses what it asked for itself; Snap! calls at `snapCallsPerSecond`, in
    /// bursts of as many.
    static func plan(_ limits: RequestLimits, pingInterval: Duration, speed: Double, snapCallsPerSecond: Double) -> Plan {
        let buckets = RequestLimits.Kind.allCases.map { kind in
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
        return Plan(
            buckets: buckets, refusals: TokenBucket(limits.refusals), calls: TokenBucket(perSecond: snapCallsPerSecond))
    }

    /// Counts a request of `kind` made at `now`.
    mutating func take(_ kind: RequestLimits.Kind, at now: Duration) -> Verdict {
        refill(at: now)
        if take(from: kind.index) { return .allowed }
        return take(from: Self.refusalsIndex) ? .refused : .exhausted
    }

    /// Counts a Snap! call made at `now`: whether it is within its rate.
    mutating func takeCall(at now: Duration) -> Bool {
        refill(at: now)
        return take(from: Self.callsIndex)
    }
}

extension RequestRates {
    /// A figure for each bucket — a bucket per kind of request, then the refusals' and the calls' — kept inline: how
    /// full a connection's buckets are, in the connection's own state (an array would be one more allocation for
    /// every connection, and copied whenever the connection's state was), and the plan's rates and capacities.
    /// Each figure is kept in four bytes rather than eight (every connection has ten levels): a bucket holds a few
    /// hundred tokens at most, where a `Float` still tells apart a ten-thousandth of one (with the limits off, a
    /// million, still counted whole); a rate is off by no more than a level's own rounding.
    struct Tokens: Sendable {
        private typealias Storage = (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)

        /// A bucket per kind of request, then the refusals' and the calls'.
        static let count = InlineStorage.capacity(of: Storage.self, Float.self)
        private var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        subscript(index: Int) -> Double {
            get { Double(InlineStorage.load(index, of: storage, as: Float.self)) }
            set { InlineStorage.store(Float(newValue), at: index, in: &storage) }
        }

        /// Adds `seconds` of each level's `rates` to it, up to its `capacities`: one pass over the three rows, with
        /// no index checked and no bucket looked up (every request of every connection refills).
        mutating func fill(for seconds: Double, at rates: Tokens, upTo capacities: Tokens) {
            withUnsafeMutableBytes(of: &storage) { levels in
                withUnsafeBytes(of: rates.storage) { rates in
                    withUnsafeBytes(of: capacities.storage) { capacities in
                        let levels = levels.assumingMemoryBound(to: Float.self)
                        let rates = rates.assumingMemoryBound(to: Float.self)
                        let capacities = capacities.assumingMemoryBound(to: Float.self)
                        for index in levels.indices {
                            let filled = Double(levels[index]) + seconds * Double(rates[index])
                            levels[index] = Float(min(Double(capacities[index]), filled))
                        }
                    }
                }
            }
        }
    }
}

extension RequestLimits.Kind {
    /// The kind's place among ``allCases`` (every connection keeps a level per kind in this order).
    var index: Int {
        switch self {
        case .signIn: 0
        case .reconnect: 1
        case .lobby: 2
        case .table: 3
        case .resync: 4
        case .turn: 5
        case .pong: 6
        case .hello: 7
        }
    }
}
