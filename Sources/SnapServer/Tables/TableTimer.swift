import NIOCore

/// The one timer of a table: a wake on the table's event loop at the runner's next deadline, on the table's own
/// time, which stands still while the table is paused (a single player away from their cards).
///
/// Not copyable: the table asks it something on every action, and a copy of it (its clock, its loop and its wake)
/// would be three retains and three releases each time, of objects every table shares.
struct TableTimer: ~Copyable {
    private let clock: any ServerClock
    private let loop: any EventLoop
    /// The server time at which the table's time started.
    private let start: Duration
    private var pausedAt: Duration?
    private var pausedTotal: Duration = .zero
    private var wake: ServerClockWake?
    private var scheduled: Duration?
    /// Goes up with every timer set or cancelled, so that a timer replaced while it was waking is ignored.
    private var generation = 0

    /// A timer on `loop` whose table time is `tableTime` now (a new table's starts at zero).
    init(clock: any ServerClock, loop: any EventLoop, startingAt tableTime: Duration = .zero) {
        self.clock = clock
        self.loop = loop
        start = clock.now - tableTime
    }

    /// The table's time now: server time since the start, less the time spent paused.
    var now: Duration { tableTime(at: clock.now) }

    /// The table's time at server time `serverTime`.
    func tableTime(at serverTime: Duration) -> Duration {
        min(serverTime, pausedAt ?? serverTime) - start - pausedTotal
    }

    /// Whether the table's time stands still.
    var isPaused: Bool { pausedAt != nil }

    /// Whether ``schedule(_:fire:)`` has anything to do for `deadline`: not when that deadline is already set, nor
    /// when there is none and nothing is set. Asked first after every action, so that the wake's closure is made only
    /// when it is needed.
    func changes(to deadline: Duration?) -> Bool {
        deadline != scheduled || (deadline != nil && wake == nil)
    }

    /// Calls `fire` on the table's loop at table time `deadline` (nil: nothing to wake for), passing the timer's
    /// number for ``fired(_:)``. A deadline already set is kept.
    mutating func schedule(_ deadline: Duration?, fire: @escaping @Sendable (Int) -> Void) {
        guard changes(to: deadline) else { return }
        cancel()
        scheduled = deadline
        guard let deadline, pausedAt == nil else { return }
        let number = generation
        wake = clock.wake(at: start + pausedTotal + deadline, on: loop) { fire(number) }
    }

    /// Timer `number` woke: true if it is still the one set (nothing is scheduled any more), false if it was
    /// replaced or cancelled while waking, and must be ignored.
    mutating func fired(_ number: Int) -> Bool {
        guard number == generation, wake != nil else { return false }
        wake = nil
        scheduled = nil
        return true
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
        wake?.cancel()
        wake = nil
        scheduled = nil
        generation += 1
    }
}
