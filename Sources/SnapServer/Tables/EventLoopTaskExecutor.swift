import NIOCore
import Synchronization

/// Runs tasks on one NIO event loop, so that work begun there (a message just read) and the table actors on the
/// same loop (``TableSession``) go on in the same thread: no hand-over to Swift's own threads and back for every
/// message.
///
/// One executor per loop, found with ``on(_:)``.
final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the tasks run on.
    let loop: any EventLoop

    private init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    private static let executors = Mutex<[ObjectIdentifier: EventLoopTaskExecutor]>([:])

    /// The executor of `loop` (made the first time it is asked for, then the same one every time).
    static func on(_ loop: any EventLoop) -> EventLoopTaskExecutor {
        executors.withLock { executors in
            if let executor = executors[ObjectIdentifier(loop)] { return executor }
            let executor = EventLoopTaskExecutor(loop: loop)
            executors[ObjectIdentifier(loop)] = executor
            return executor
        }
    }
}
