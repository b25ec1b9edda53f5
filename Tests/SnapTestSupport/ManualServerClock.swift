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

    private struct State {
        var now: Duration = .zero
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
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

    /// Moves the clock forward and wakes every task whose deadline has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in woken { sleeper.waiter.resume() }
    }

    /// Waits until the clock is moved to `deadline` or past it.
    public func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Task.isCancelled || deadline <= state.now { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, waiter: waiter)
                    return false
                }
                if resumeNow { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.waiter.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
