import Foundation

/// Runs every piece of work given to it on a new thread of its own: a test that blocks — waits for a child process,
/// polls a terminal with sleeps, holds a lock, computes for seconds — then blocks only that thread.
///
/// Swift's shared threads are as many as the machine's cores (two here), and the servers and clients that the other
/// tests run in this process need them; a test blocking one of them for seconds starves those, and their timers
/// (a silence limit, a grace period, a turn) then fire against players that had no chance to answer.
public final class OwnThreadExecutor: TaskExecutor {
    /// The one there is: it keeps nothing, so any test may use it.
    public static let shared = OwnThreadExecutor()

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.name = "test (own thread)"
        thread.start()
    }
}
