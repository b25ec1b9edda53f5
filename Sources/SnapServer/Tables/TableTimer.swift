import NIOCore

/// The one timer of a table: a wake on the table's event loop at the runner's next deadline, on the table's own
/// time, which stands still while the table is paused (a single player away from their cards).
///
/// A deadline that moves does not cancel the wake set for the old one. A turn moves it on almost every action — a
/// card turned sets the next player's activation half a second ahead of the turn timer, and that activation sets
/// the turn timer again — and cancelling a wake is a search through every wake of the loop. So a wake set earlier
/// than the deadline is kept, and when it comes it is set again for the deadline as it then is; a deadline earlier
/// than every wake set gets a wake of its own, and the later ones come, find nothing due, and serve a later
/// deadline or nothing. Only pausing, closing and a full set of wakes cancel any.
struct TableTimer {
    /// The most wakes a table keeps set at once: past it, the latest is cancelled to make room.
    static let mostWakes = 4

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
    /// The deadline the table waits for: the runner's next. While the table's time runs, a wake is set for it or
    /// for an earlier time.
    private var scheduled: Duration?
    /// The wakes set that have not come, in the order they were set (each earlier than those before it).
    private var wakes: [Wake] = []
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

    /// How many wakes are set and have not come.
    var wakesSet: Int { wakes.count }

    /// Whether ``schedule(_:fire:)`` has anything to do for `deadline`: not when that deadline is already set, nor
    /// when there is none and nothing is set. Asked first after every action.
    func changes(to deadline: Duration?) -> Bool {
        deadline != scheduled || (deadline != nil && wakes.isEmpty)
    }

    /// Calls `fire` on the table's loop at table time `deadline` (nil: nothing to wake for), passing a number for
    /// ``fired(_:)``. A wake already set for that time or earlier does; `fire` is made only for the first wake the
    /// timer sets, and kept for every one after (it must do the same each time).
    mutating func schedule(_ deadline: Duration?, fire: @autoclosure () -> @Sendable (Int) -> Void) {
        guard changes(to: deadline) else { return }
        scheduled = deadline
        guard let deadline, pausedAt == nil, !isServed(deadline) else { return }
        if self.fire == nil { self.fire = fire() }
        setWake(at: deadline)
    }

    /// Whether a wake is set for `deadline` or earlier. The last wake set is the earliest.
    private func isServed(_ deadline: Duration) -> Bool {
        wakes.last.map { $0.at <= deadline } ?? false
    }

    private mutating func setWake(at deadline: Duration) {
        guard let fire else { return }
        if wakes.count >= Self.mostWakes { wakes.removeFirst().wake.cancel() }
        let number = nextNumber
        nextNumber += 1
        let wake = clock.wake(at: start + pausedTotal + deadline, on: loop) { fire(number) }
        wakes.append(Wake(number: number, at: deadline, wake: wake))
    }

    /// Wake `number` came: true if the deadline is due (nothing is scheduled any more). False if the wake was
    /// cancelled while it was coming, or came before the deadline, which another wake serves or it is set again for.
    mutating func fired(_ number: Int) -> Bool {
        guard let index = wakes.firstIndex(where: { $0.number == number }) else { return false }
        let at = wakes.remove(at: index).at
        guard let deadline = scheduled else { return false }
        if at >= deadline {
            scheduled = nil
            return true
        }
        if !isServed(deadline) { setWake(at: deadline) }
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
        for wake in wakes { wake.wake.cancel() }
        wakes.removeAll()
        scheduled = nil
    }
}
