import Synchronization

/// Times actions at one table from the moment a client sends one to the moment its result has reached every
/// seat, and records each into the run's ``LatencyRecorder``.
///
/// An action is known by its kind and who made it. If the same player acts again before the last one reached
/// every seat (only on a saturated machine), the unfinished one is counted as incomplete rather than timed.
final class ActionTimer: Sendable {
    /// What was done, and by whom.
    enum Action: Hashable {
        case turn(by: String)
        case call(by: String)

        /// Which of the run's histograms it is timed in, besides all actions'.
        var kind: LatencyRecorder.Kind {
            switch self {
            case .turn: .turn
            case .call: .call
            }
        }
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
        let overtaken = pending.withLock { $0.updateValue(Pending(sent: now), forKey: action) != nil }
        if overtaken { recorder.noteIncomplete() }
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
        if let finished { recorder.record(now - finished, of: action.kind) }
    }
}
