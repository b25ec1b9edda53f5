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

    /// The buckets' rates, the same for every connection of a server: made once, and shared.
    final class Plan: Sendable {
        let buckets: [TokenBucket]
        let refusals: TokenBucket
        let calls: TokenBucket

        init(buckets: [TokenBucket], refusals: TokenBucket, calls: TokenBucket) {
            self.buckets = buckets
            self.refusals = refusals
            self.calls = calls
        }
    }

    private let plan: Plan
    /// This connection's own part: how full each bucket is.
    private var levels: Levels
    private var refusals: TokenBucket.Level
    private var calls: TokenBucket.Level

    /// The rates of one connection, sharing `plan` (see ``plan(_:pingInterval:speed:snapCallsPerSecond:)``).
    init(_ plan: Plan) {
        self.plan = plan
        levels = Levels(plan.buckets.map(\.fullLevel))
        refusals = plan.refusals.fullLevel
        calls = plan.calls.fullLevel
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
        let index = kind.index
        if plan.buckets[index].take(from: &levels[index], at: now) { return .allowed }
        return plan.refusals.take(from: &refusals, at: now) ? .refused : .exhausted
    }

    /// Counts a Snap! call made at `now`: whether it is within its rate.
    mutating func takeCall(at now: Duration) -> Bool {
        plan.calls.take(from: &calls, at: now)
    }
}

extension RequestRates {
    /// A connection's level of each kind's bucket, kept in the connection's own state: an array would be one more
    /// allocation for every connection, and copied whenever the connection's state was.
    struct Levels: Sendable {
        private typealias Level = TokenBucket.Level
        private var storage: (Level, Level, Level, Level, Level, Level, Level, Level)
        private static let count = 8

        init(_ levels: [TokenBucket.Level]) {
            precondition(levels.count == Self.count)
            storage = (levels[0], levels[1], levels[2], levels[3], levels[4], levels[5], levels[6], levels[7])
        }

        subscript(index: Int) -> TokenBucket.Level {
            get {
                precondition(index >= 0 && index < Self.count)
                return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<Level>.stride, as: Level.self) }
            }
            set {
                precondition(index >= 0 && index < Self.count)
                withUnsafeMutableBytes(of: &storage) {
                    $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Level>.stride, as: Level.self)
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
