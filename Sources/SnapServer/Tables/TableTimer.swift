import NIOCore

/// The one timer of a table: a wake on the table's event loop at the runner's next deadline, on the table's own
/// time, which stands still while the table is paused (a single player away from their cards).
///
/// A deadline that moves does not cancel the wake set for the old one. A turn moves it on almost every action — a
/// card turned sets the next player's activation half a second ahead of the turn timer, and that activation sets
/// the turn timer again — and cancelling a wake is a search through every wake of the loop. So a wake set for
/// before the deadline is kept, and when it comes it is set again for the deadline as it then is; a deadline
/// earlier than the wake gets a wake of its own, and the later one is kept as a spare, which comes to serve a later
/// deadline or nothing. Only pausing, closing and a second spare (the later of the two is cancelled) cancel any.
struct TableTimer {
    private struct Wake {
        /// Told to ``TableTimer/fired(_:)``: a number no other wake of the timer had.
        var number: Int
        /// The table time it is set for.
        var at: Duration
        var wake: ServerClockWake
    }

    private let clock: any ServerClock
    private let loop: any EventLoop
    /// The server time at which the table's time started.
    private let start: Duration
    private var pausedAt: Duration?
    private var pausedTotal: Duration = .zero
    /// The deadline the table waits for: the runner's next. While the table's time runs, ``wake`` is set for it or
    /// for an earlier time.
    private var scheduled: Duration?
    private var wake: Wake?
    /// A wake later than ``wake``, left set when the deadline moved earlier than it.
    private var spare: Wake?
    private var nextNumber = 0
    /// What every wake calls: made the first time a wake is set, and kept.
    private var fire: (@Sendable (Int) -> Void)?

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

    /// How many wakes are set and have not come (at most two).
    var wakesSet: Int { (wake == nil ? 0 : 1) + (spare == nil ? 0 : 1) }

    /// Whether ``schedule(_:fire:)`` has anything to do for `deadline`: not when that deadline is already set, nor
    /// when there is none and nothing is set. Asked first after every action.
    func changes(to deadline: Duration?) -> Bool {
        deadline != scheduled || (deadline != nil && wake == nil)
    }

    /// Calls `fire` on the table's loop at table time `deadline` (nil: nothing to wake for), passing a number for
    /// ``fired(_:)``. A wake already set for that time or earlier does; `fire` is made only for the first wake the
    /// timer sets, and kept for every one after (it must do the same each time).
    mutating func schedule(_ deadline: Duration?, fire: @autoclosure () -> @Sendable (Int) -> Void) {
        guard changes(to: deadline) else { return }
        scheduled = deadline
        guard let deadline, pausedAt == nil else { return }
        if self.fire == nil { self.fire = fire() }
        serve(deadline)
    }

    /// Sees that a wake is set for `deadline` or earlier: the one set, the spare, or a new one.
    private mutating func serve(_ deadline: Duration) {
        if let wake, wake.at <= deadline { return }
        if wake == nil, let spare, spare.at <= deadline {
            wake = spare
            self.spare = nil
            return
        }
        guard let fire else { return }
        if let wake {
            spare?.wake.cancel()
            spare = wake
        }
        let number = nextNumber
        nextNumber += 1
        wake = Wake(number: number, at: deadline, wake: clock.wake(at: start + pausedTotal + deadline, on: loop) { fire(number) })
    }

    /// Wake `number` came: true if the deadline is due (nothing is scheduled any more). False if the wake was
    /// cancelled while it was coming, was a spare, or came before the deadline, which the spare serves or it is set
    /// again for.
    mutating func fired(_ number: Int) -> Bool {
        if spare?.number == number {
            spare = nil
            return false
        }
        guard let came = wake, came.number == number else { return false }
        wake = nil
        guard let deadline = scheduled else { return false }
        if came.at >= deadline {
            scheduled = nil
            return true
        }
        serve(deadline)
        return false
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
        wake?.wake.cancel()
        spare?.wake.cancel()
        wake = nil
        spare = nil
        scheduled = nil
    }
}
