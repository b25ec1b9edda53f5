import SnapCore
import Synchronization

/// What the server knows of one connection's network: the round trips of its own pings and the kernel's round trip
/// of its socket. The table reads it to judge calls fairly (``allowance``). When the client last said anything is
/// the outbox's to know (``Outbox/heard(at:)``).
final class ConnectionNetwork: Sendable {
    /// How many recent round trips the estimate looks at.
    static let window = RoundTripWindow.capacity
    /// Pings sent back to back after sign-in, each as soon as the last one is answered, so that a newcomer's
    /// network is known within a second rather than after several ping intervals.
    static let warmUpPings = 6
    /// Added to the longest recent round trip: a claim may have been measured a little after the card was
    /// drawn (a busy phone), and the next round trip may be a little longer than the last sixteen.
    static let slack: Duration = .milliseconds(10)
    /// Once warmed up, a connection whose pongs stay within the kernel's bound has the kernel's figures read again
    /// after one pong in this many (every 20 s on average at the default ping interval) rather than after each: the
    /// read is a system call and a future, for every connection every few seconds, and the kernel's smoothed round
    /// trip moves slowly. Which pongs, the client cannot tell (``PongMeasure/readsKernel``).
    static let kernelReadingOneIn: UInt64 = 4

    private struct State {
        /// In microseconds: four bytes each rather than sixteen, on every connection.
        var roundTrips = RoundTripWindow()
        /// Times in nanoseconds of server time rather than `Duration`s: eight bytes each rather than sixteen.
        var outstanding: (value: UInt64, sentAt: Int64)?
        var kernel: KernelRoundTrip? {
            didSet { allowance = Self.allowance(roundTrips: roundTrips, kernel: kernel) }
        }
        /// Worked out when a round trip is measured, not when read: a table reads every seat's before a call.
        private(set) var allowance = NetworkAllowance.none
        /// Told of every change of ``allowance``: the count of the table the connection sits at.
        var reportsTo: AllowanceChanges?

        mutating func measured(_ microseconds: UInt32) {
            roundTrips.append(microseconds)
            allowance = Self.allowance(roundTrips: roundTrips, kernel: kernel)
        }

        private static func allowance(roundTrips: RoundTripWindow, kernel: KernelRoundTrip?) -> NetworkAllowance {
            guard let range = roundTrips.range else { return .none }
            var shortest = Duration.microseconds(range.shortest)
            var longest = Duration.microseconds(range.longest)
            if let kernel {
                let bound = ConnectionNetwork.kernelBound(kernel, shortest: shortest, longest: longest)
                shortest = min(shortest, bound)
                longest = min(longest, bound)
            }
            return NetworkAllowance(typical: shortest + (longest - shortest) / 2, most: longest + ConnectionNetwork.slack)
        }
    }

    private let state = Mutex(State())
    /// Mixed into every ping's value so that a client cannot answer a ping before it has seen it.
    private let secret: UInt64

    /// The facts of a new connection, whose pings are mixed with `secret`.
    init(secret: UInt64 = .random(in: 0...UInt64.max)) {
        self.secret = secret
    }

    /// Reads the kernel's round trip again with `probe` (when a pong has just measured ours and asks for it:
    /// ``PongMeasure/readsKernel``; nil: pongs alone); it is kept when it comes. The probe is the socket's
    /// (``PeerSocket/roundTripProbe``), not kept here too.
    func probeKernel(with probe: KernelRoundTripProbe?) {
        // Held strongly: the reading comes at once on the socket's loop, or never once it has closed, and a weak
        // reference would slow every retain of this object for good (it would need a side table).
        probe?.read { kernel in self.kernelMeasured(kernel) }
    }

    /// The kernel's round trip of the socket, as last read.
    func kernelMeasured(_ kernel: KernelRoundTrip) {
        changing { $0.kernel = kernel }
    }

    /// Changes the state with `change`, telling ``reportChanges(to:)``'s count of a change of the allowance it makes.
    private func changing<Result>(_ change: (inout State) -> Result) -> Result {
        let (result, changed) = state.withLock { state in
            let before = state.allowance
            let result = change(&state)
            return (result, state.allowance != before ? state.reportsTo : nil)
        }
        changed?.noteChange()
        return result
    }

    /// From now on, every change of ``allowance`` is counted in `changes` (and no longer in the count it was
    /// reported to before): the table the connection sits at compares its count before a call, and reads the
    /// allowances only when it moved.
    func reportChanges(to changes: AllowanceChanges) {
        state.withLock { $0.reportsTo = changes }
    }

    /// The value of a ping sent now; only a pong with this value counts (an earlier ping's no longer does).
    func ping(at now: Duration) -> UInt64 {
        state.withLock { state in Self.ping(at: now, secret: secret, &state) }
    }

    /// The value of a ping sent now, unless one sent within the last `interval` is still unanswered: nil then, as a
    /// new ping would replace it and its answer (a warm-up's, perhaps) would no longer count. One lock for both,
    /// for every connection at every ping interval.
    func ping(at now: Duration, unlessOneWaitsFrom interval: Duration) -> UInt64? {
        state.withLock { state in
            if let outstanding = state.outstanding, now - .nanoseconds(outstanding.sentAt) < interval { return nil }
            return Self.ping(at: now, secret: secret, &state)
        }
    }

    private static func ping(at now: Duration, secret: UInt64, _ state: inout State) -> UInt64 {
        let value = UInt64(bitPattern: now.nanoseconds) ^ secret
        state.outstanding = (value, now.nanoseconds)
        return value
    }

    /// What a pong that answered the last ping measured.
    struct PongMeasure: Equatable {
        /// The round trip: from the ping's sending to the pong's arrival.
        var roundTrip: Duration
        /// Whether it is longer than the kernel's bound, as last read, and the slack allow: a client holding its
        /// answers, or one far busier than its network.
        var disagrees: Bool
        /// Whether the kernel's figures should be read again (``probeKernel(with:)``): while the connection warms
        /// up, when none has been read, when this round trip is beyond the kernel's bound as last read (a figure that
        /// cuts it must be fresh), and otherwise after one pong in ``kernelReadingOneIn``, chosen by the ping's value
        /// and the connection's secret: a client cannot tell after which of its pongs its socket will be read, so it
        /// cannot time a slowed network to that moment. (Reading it while any round trip the allowance is worked out
        /// from is beyond the bound was tried: under load a busy client's pongs come back later than its kernel's
        /// round trip far more often than not, and that read after nearly every pong again.)
        var readsKernel: Bool
        /// Whether fewer than ``warmUpPings`` round trips have been measured: the next ping goes at once.
        var warmingUp: Bool
    }

    /// A pong arrived: what it measured, or nil when it does not answer the last ping (forged, or too late).
    func pong(_ value: UInt64, at now: Duration) -> PongMeasure? {
        changing { state in
            guard let outstanding = state.outstanding, outstanding.value == value else { return nil }
            state.outstanding = nil
            let roundTrip = now - .nanoseconds(outstanding.sentAt)
            state.measured(UInt32(clamping: max(0, roundTrip.nanoseconds / 1_000)))
            let readsKernel = state.kernel.map { roundTrip > $0.bound } ?? true
                || state.roundTrips.count <= Self.warmUpPings || isRoutineReading(value)
            return PongMeasure(
                roundTrip: roundTrip, disagrees: Self.disagrees(roundTrip, with: state.kernel),
                readsKernel: readsKernel, warmingUp: state.roundTrips.count < Self.warmUpPings)
        }
    }

    /// Whether the pong answering the ping of `value` is one of the one in ``kernelReadingOneIn`` after which the
    /// kernel's figures are read whatever the round trips: the value mixed with the secret, which the client does
    /// not know.
    private func isRoutineReading(_ value: UInt64) -> Bool {
        (((value &+ secret) &* 0x9E37_79B9_7F4A_7C15) >> 32) % Self.kernelReadingOneIn == 0
    }

    /// The median of the recent round trips (of an even number, the mean of the middle two); nil before the first.
    var medianRoundTrip: Duration? {
        state.withLock { $0.roundTrips.median }.map { .microseconds(Int64($0)) }
    }

    /// How many round trips have been measured (at most ``window`` are kept).
    var sampleCount: Int { state.withLock { $0.roundTrips.count } }

    /// What this connection's network allows for when its calls are judged: the typical round trip (halfway
    /// between the shortest and the longest recent one) and the longest recent one plus ``slack`` — each no longer
    /// than the kernel says the network can take (``kernelBound(_:shortest:longest:)``): pongs held back buy
    /// nothing beyond it. Nothing is allowed before the first round trip is measured.
    var allowance: NetworkAllowance { state.withLock { $0.allowance } }

    /// The longest round trip the kernel's figures let a connection's pongs (`shortest` to `longest`) count for:
    /// the kernel's own bound (``KernelRoundTrip/bound``), and, where the kernel knows the network's minimum, that
    /// minimum and the pongs' spread. A network's jitter shows in the spread, and its minimum carries none of the
    /// receiver's delayed ACKs; a pong held the same time each time adds nothing to the spread, and one held for
    /// varying times gains no more than the kernel's bound.
    static func kernelBound(_ kernel: KernelRoundTrip, shortest: Duration, longest: Duration) -> Duration {
        guard let minimum = kernel.minimum else { return kernel.bound }
        return min(kernel.bound, minimum + (longest - shortest))
    }

    /// Whether a round trip our pings measured is longer than the kernel's bound and the slack allow: a client
    /// holding its answers, or one far busier than its network. False while the kernel's round trip is unknown
    /// (nil before the first reading, behind a proxy, or off a network).
    private static func disagrees(_ roundTrip: Duration, with kernel: KernelRoundTrip?) -> Bool {
        guard let bound = kernel?.bound else { return false }
        return roundTrip > bound + slack
    }
}
