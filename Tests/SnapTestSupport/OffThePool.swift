import Dispatch

/// Runs `work`, which blocks its thread (a child process it waits for, a pipe it reads to the end, a lock), on one of
/// Dispatch's threads, and awaits its result without holding a thread of Swift's own.
///
/// Swift's shared threads are as many as the cores (two here), and the servers and clients that other tests run in
/// this process need them to answer pings and keep up with their timers: a test never blocks one of them.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
