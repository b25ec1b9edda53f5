/// Runs a ``Table`` and its ``ComputerPlayers`` on a timeline that the caller moves forward.
///
/// The runner holds no clock: ``now`` only changes when the caller says so with ``advance(to:)``. The
/// single-player terminal game and the server move it with the real clock; the simulation and the tests
/// jump straight to ``nextDeadline``. Every delay is divided by ``speed``.
public struct TableRunner<Random: RandomNumberGenerator & Sendable>: Sendable {
    /// A timer on the runner's timeline.
    public enum Timer: Hashable, Sendable {
        /// The table's pending step.
        case table(TimedStep)
        /// A computer player's timer.
        case computer(ComputerTimer)
    }

    private struct Entry: Hashable, Sendable {
        var deadline: Duration
        var order: Int
        var timer: Timer
    }

    /// The table being run.
    public private(set) var table: Table
    /// The computer players' decisions.
    public private(set) var computers: ComputerPlayers
    /// The runner's random source: shuffles, first starting player, computer players' delays.
    public private(set) var generator: Random
    /// How far the timeline has moved, from zero at creation.
    public private(set) var now: Duration = .zero
    /// Every delay is divided by this: 2 plays twice as fast.
    public let speed: Double

    private var timers: [Entry] = []
    private var nextOrder = 0
    private var scheduledStepNumber = 0

    /// A runner for `table`, seeded through `generator`.
    public init(
        table: Table = Table(),
        difficulty: Difficulty = .normal,
        speed: Double = 1,
        generator: Random
    ) {
        precondition(speed > 0 && speed.isFinite, "speed must be a positive number")
        self.table = table
        self.computers = ComputerPlayers(difficulty: difficulty)
        self.generator = generator
        self.speed = speed
    }

    /// When the next timer is due, if any.
    public var nextDeadline: Duration? {
        timers.min { ($0.deadline, $0.order) < ($1.deadline, $1.order) }?.deadline
    }

    /// The timers that are set, soonest first.
    public var pendingTimers: [(deadline: Duration, timer: Timer)] {
        timers.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map { ($0.deadline, $0.timer) }
    }

    /// Performs an action now and returns what happened.
    ///
    /// - Throws: ``TableError`` when the rules refuse it; nothing changes then.
    public mutating func perform(_ action: TableAction) throws(TableError) -> [TableEvent] {
        let events = try table.perform(action, using: &generator)
        afterEvents(events)
        return events
    }

    /// Moves the timeline to `time`, firing every timer due by then in order, and returns what happened.
    ///
    /// A computer player's action that the table refuses (it went out, say) is dropped, as a person's
    /// too-slow tap would be.
    public mutating func advance(to time: Duration) -> [TableEvent] {
        advance(to: time, firingAtMost: .max)
    }

    private mutating func advance(to time: Duration, firingAtMost limit: Int) -> [TableEvent] {
        var events = [TableEvent]()
        var fired = 0
        while fired < limit, let index = indexOfNextTimer(), timers[index].deadline <= time {
            fired += 1
            let entry = timers.remove(at: index)
            now = max(now, entry.deadline)
            switch entry.timer {
            case .table(let step):
                events += (try? perform(.advance(step))) ?? []
            case .computer(let timer):
                let action = computers.fire(timer)
                events += (try? perform(action)) ?? []
            }
        }
        now = max(now, time)
        return events
    }

    /// Moves the timeline to the next timer and fires that one timer alone. Returns nil when no timer is set.
    public mutating func fireNextTimer() -> [TableEvent]? {
        guard let index = indexOfNextTimer() else { return nil }
        return advance(to: timers[index].deadline, firingAtMost: 1)
    }

    private func indexOfNextTimer() -> Int? {
        timers.indices.min { (timers[$0].deadline, timers[$0].order) < (timers[$1].deadline, timers[$1].order) }
    }

    private mutating func afterEvents(_ events: [TableEvent]) {
        if let pending = table.pendingStep {
            if table.pendingStepNumber != scheduledStepNumber {
                timers.removeAll { if case .table = $0.timer { true } else { false } }
                schedule(.table(pending.step), after: pending.delay)
                scheduledStepNumber = table.pendingStepNumber
            }
        } else {
            timers.removeAll { if case .table = $0.timer { true } else { false } }
        }
        for command in computers.react(to: events, on: table, using: &generator) {
            switch command {
            case .schedule(let timer, let delay):
                timers.removeAll { $0.timer == .computer(timer) }
                schedule(.computer(timer), after: delay)
            case .cancel(let timer):
                timers.removeAll { $0.timer == .computer(timer) }
            }
        }
    }

    private mutating func schedule(_ timer: Timer, after delay: Duration) {
        timers.append(Entry(deadline: now + delay / speed, order: nextOrder, timer: timer))
        nextOrder += 1
    }
}
