import Foundation
import SnapCore
import Synchronization

/// A clock that only moves when told to (``advance(by:)``), for tests: whatever sleeps wakes when the clock
/// reaches its deadline. It is the server's test clock (SnapServerTests makes it a `ServerClock`), kept here so
/// that the server ships only its real one.
public final class ManualServerClock: Sendable {
    private struct Sleeper {
        var deadline: Duration
        var waiter: CheckedContinuation<Void, any Error>
    }

    private struct Alarm {
        var deadline: Duration
        var body: @Sendable () -> Void
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Int: Sleeper] = [:]
        var alarms: [Int: Alarm] = [:]
        var nextID = 0
        var onWait: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// A clock at zero.
    public init() {}

    /// The time the clock has been moved to.
    public var now: Duration { state.withLock { $0.now } }

    /// Dates start at 2026-01-01 00:00 UTC, whatever the day the test runs.
    public func date(at time: Duration) -> Date {
        Date(timeIntervalSince1970: 1_767_225_600).addingTimeInterval(time.inSeconds)
    }

    /// How many tasks are waiting on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task or an alarm waits for, if any.
    public var nextDeadline: Duration? {
        state.withLock { state in
            (state.sleepers.values.map(\.deadline) + state.alarms.values.map(\.deadline)).min()
        }
    }

    /// Moves the clock forward and wakes every task whose deadline has come; the alarms due ring before it returns,
    /// earliest first.
    public func advance(by duration: Duration) {
        let (woken, rung) = state.withLock { state -> ([Sleeper], [Alarm]) in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            let ringing = state.alarms.filter { $0.value.deadline <= now }.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (id, _) in ringing { state.alarms[id] = nil }
            return (Array(due.values), ringing.map(\.value))
        }
        for alarm in rung { alarm.body() }
        for sleeper in woken { sleeper.waiter.resume() }
    }

    /// Calls `observer` whenever a task starts waiting on the clock or an alarm is set: the moment a task woken by
    /// ``advance(by:)`` has done its work and sleeps again.
    public func onWait(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.onWait = observer }
    }

    /// Moves the clock forward to `time` (not back), as ``advance(by:)``.
    public func advance(to time: Duration) {
        advance(by: max(.zero, time - now))
    }

    /// Calls `body` once the clock reaches `deadline` (from within the ``advance(by:)`` that moves it there, or at
    /// once when it is there already): a timer with no task. Returns its number, for ``cancelAlarm(_:)``.
    @discardableResult
    public func setAlarm(at deadline: Duration, _ body: @escaping @Sendable () -> Void) -> Int {
        let (id, ringNow) = state.withLock { state -> (Int, Bool) in
            defer { state.nextID += 1 }
            guard deadline > state.now else { return (state.nextID, true) }
            state.alarms[state.nextID] = Alarm(deadline: deadline, body: body)
            return (state.nextID, false)
        }
        if ringNow { body() } else { state.withLock { $0.onWait }?() }
        return id
    }

    /// Stops alarm `id` if it has not rung yet.
    public func cancelAlarm(_ id: Int) {
        _ = state.withLock { $0.alarms.removeValue(forKey: id) }
    }

    /// Waits until the clock is moved to `deadline` or past it.
    public func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let (resumeNow, observer) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
                    if Task.isCancelled || deadline <= state.now { return (true, nil) }
                    state.sleepers[id] = Sleeper(deadline: deadline, waiter: waiter)
                    return (false, state.onWait)
                }
                if resumeNow { waiter.resume() } else { observer?() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.waiter.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
