import Synchronization

/// The operation did not finish in time.
struct DeadlineExceeded: Error {
    var limit: Duration
}

/// Runs `operation`, and gives up after `limit` with ``DeadlineExceeded`` without waiting for it: a database
/// client that keeps retrying a server that does not answer (postgres-nio's pool does) cannot hang the caller.
/// The operation is cancelled when the time is up, and finishes on its own.
func withDeadline<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let answered = Answered()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let work = Task {
            let result = await Result(catching: { try await operation() })
            if answered.claim() { continuation.resume(with: result) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled else { return }
            if answered.claim() {
                work.cancel()
                continuation.resume(throwing: DeadlineExceeded(limit: limit))
            }
        }
        answered.onAnswer { timer.cancel() }
    }
}

/// Whoever answers first: the operation or the timer.
private final class Answered: Sendable {
    private let state = Mutex<(done: Bool, cleanup: (@Sendable () -> Void)?)>((false, nil))

    /// True for the first caller only; runs the clean-up set by ``onAnswer(_:)``.
    func claim() -> Bool {
        let (first, cleanup) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            guard !state.done else { return (false, nil) }
            state.done = true
            defer { state.cleanup = nil }
            return (true, state.cleanup)
        }
        cleanup?()
        return first
    }

    /// Runs `cleanup` once answered (at once if already).
    func onAnswer(_ cleanup: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.done { return true }
            state.cleanup = cleanup
            return false
        }
        if now { cleanup() }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
