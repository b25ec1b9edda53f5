import Synchronization

/// Times actions at one table from the moment a client sends one to the moment its result has reached every
/// seat, and records each into the run's ``LatencyRecorder``.
///
/// A table has at most one turn under way and one call per player, so an action is known by its kind and who
/// made it.
final class ActionTimer: Sendable {
    /// What was done, and by whom.
    enum Action: Hashable {
        case turn
        case call(by: String)
    }

    private struct Pending {
        var sent: ContinuousClock.Instant
        var arrivals = 0
    }

    private let seats: Int
    private let recorder: LatencyRecorder
    private let pending = Mutex([Action: Pending]())

    /// A timer for a table of `seats` clients.
    init(seats: Int, recorder: LatencyRecorder) {
        self.seats = seats
        self.recorder = recorder
    }

    /// A client is about to send `action`.
    func sent(_ action: Action) {
        let now = ContinuousClock.now
        pending.withLock { $0[action] = Pending(sent: now) }
    }

    /// One seat has seen the result of `action`; the last of them records the latency.
    func arrived(_ action: Action) {
        let now = ContinuousClock.now
        let finished: ContinuousClock.Instant? = pending.withLock { pending in
            guard var entry = pending[action] else { return nil }
            entry.arrivals += 1
            guard entry.arrivals >= seats else {
                pending[action] = entry
                return nil
            }
            pending[action] = nil
            return entry.sent
        }
        if let finished { recorder.record(now - finished) }
    }
}
