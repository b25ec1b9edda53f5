import Synchronization

/// A value that arrives once, from a DNS-SD callback's thread, for one task waiting for it with a time limit.
final class OneShot<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, done: Bool, waiter: CheckedContinuation<Value?, Never>?)>((nil, false, nil))

    /// Delivers `value`; later deliveries are ignored.
    func fulfil(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard !state.done else { return nil }
            state.done = true
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    /// The value, or nil when it has not come within `limit`.
    func wait(upTo limit: Duration) async -> Value? {
        let timer = Task { [weak self] in
            try await Task.sleep(for: limit)
            self?.expire()
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { waiter in
            let ready = state.withLock { state -> (Bool, Value?) in
                if state.done { return (true, state.value) }
                state.waiter = waiter
                return (false, nil)
            }
            if ready.0 { waiter.resume(returning: ready.1) }
        }
    }

    private func expire() {
        let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
            guard !state.done else { return nil }
            state.done = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
