/// The one timer of a table: a task that sleeps until the runner's next deadline, on the table's own time,
/// which stands still while the table is paused (a single player away from their cards).
struct TableTimer {
    private let clock: any ServerClock
    /// The server time at which the table's time started.
    private let start: Duration
    private var pausedAt: Duration?
    private var pausedTotal: Duration = .zero
    private var task: Task<Void, Never>?
    private var scheduled: Duration?

    /// A timer whose table time starts now.
    init(clock: any ServerClock) {
        self.clock = clock
        start = clock.now
    }

    /// The table's time now: server time since the start, less the time spent paused.
    var now: Duration {
        (pausedAt ?? clock.now) - start - pausedTotal
    }

    /// Whether the table's time stands still.
    var isPaused: Bool { pausedAt != nil }

    /// Wakes `fire` at table time `deadline` (nil: nothing to wake for). A deadline already set is kept.
    mutating func schedule(_ deadline: Duration?, fire: @escaping @Sendable () async -> Void) {
        guard deadline != scheduled || task == nil else { return }
        task?.cancel()
        task = nil
        scheduled = deadline
        guard let deadline, pausedAt == nil else { return }
        let instant = start + pausedTotal + deadline
        task = Task { [clock] in
            try? await clock.sleep(until: instant)
            guard !Task.isCancelled else { return }
            await fire()
        }
    }

    /// The timer fired: nothing is scheduled any more.
    mutating func fired() {
        task = nil
        scheduled = nil
    }

    /// Stops the table's time.
    mutating func pause() {
        guard pausedAt == nil else { return }
        pausedAt = clock.now
        cancel()
    }

    /// Starts the table's time again where it stopped.
    mutating func resume() {
        guard let since = pausedAt else { return }
        pausedTotal += clock.now - since
        pausedAt = nil
    }

    /// Stops the timer.
    mutating func cancel() {
        task?.cancel()
        task = nil
        scheduled = nil
    }
}
