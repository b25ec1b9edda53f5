import Synchronization

/// Counts what reaches the in-process connections from the server (bytes, a closed channel), so that a test
/// waits for the next arrival rather than for a time.
final class Arrivals: Sendable {
    private struct State {
        var count = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var expired: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// How many arrivals so far.
    var count: Int { state.withLock { $0.count } }

    /// Notes an arrival and wakes whoever waits for one.
    func note() {
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits until there have been more than `seen` arrivals (true), or `deadline` has passed (false): the deadline
    /// only says how long a failing test waits, never how long something should take.
    func wait(after seen: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let timeout = Task {
            try? await Task.sleep(until: deadline)
            self.expire(id)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { waiter in
            let answer = state.withLock { state -> Bool? in
                if state.count > seen { return true }
                if state.expired.remove(id) != nil { return false }
                state.waiters[id] = waiter
                return nil
            }
            if let answer { waiter.resume(returning: answer) }
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return nil as CheckedContinuation<Bool, Never>?
            }
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
