import Foundation

/// Runs blocking work on a thread of its own, so that a socket waiting in `recv` never holds one of the few threads
/// Swift's tasks share (two on a two-core machine).
enum OwnThread {
    /// Runs `work` on a new thread and returns what it returns.
    static func run<Result: Sendable>(
        _ name: String, _ work: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
