import Synchronization

/// What every bot of a run adds to as it goes; read for the progress line and the report.
public final class LoadCounters: Sendable {
    /// Clients signed in and seated.
    public let connected = Atomic(0)
    /// Clients that could not connect or sit down.
    public let failed = Atomic(0)
    /// Redirects followed to a table on another node of a cluster (while sitting down).
    public let redirects = Atomic(0)
    /// Rounds won.
    public let rounds = Atomic(0)
    /// Turns and calls sent.
    public let actions = Atomic(0)
    /// Snap! calls sent.
    public let calls = Atomic(0)
    /// Turns sent.
    public let turns = Atomic(0)
    /// Refusals that mean a malformed or unexpected packet, undecodable packets, and connections dropped.
    public let protocolErrors = Atomic(0)

    /// All zero.
    public init() {}

    /// Sets the action counters back to zero (at the end of the ramp), leaving connections counted.
    public func resetActivity() {
        rounds.store(0, ordering: .relaxed)
        actions.store(0, ordering: .relaxed)
        calls.store(0, ordering: .relaxed)
        turns.store(0, ordering: .relaxed)
    }
}

extension Atomic<Int> {
    /// Adds one.
    func increment() { wrappingAdd(1, ordering: .relaxed) }
    /// The value now.
    var value: Int { load(ordering: .relaxed) }
}
