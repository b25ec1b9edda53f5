import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The executor of one table's actor (``TableSession``): one thing at a time, in the order given, like any actor's —
/// but work that finds the table idle runs at once on the thread that brings it (``run(_:)``), and only what has to
/// wait is queued, to run on the table's home ``loop``.
///
/// A turn or a call comes off a socket on whichever event loop that socket is on; a table lives on one of them. Handed
/// to the table's loop, half of them would wake that loop's thread, and the packets going back to the other seats on
/// the first loop would wake it again — two wakes of a sleeping thread per action (docs/PERFORMANCE.md). Run at once
/// on the thread that read it, an action wakes the other loop at most once, for its seats there.
///
/// Order is kept: work runs at once only when nothing is running and nothing is queued, so what a connection asks
/// never overtakes what it asked before.
final class TableExecutor: SerialExecutor, @unchecked Sendable {
    /// The executor of the loop where queued work runs and the table's timers wake, for the tasks of the people
    /// seated there.
    let tasks: EventLoopTaskExecutor

    /// The loop where queued work runs, and the table's timers wake.
    var loop: any EventLoop { tasks.loop }

    private enum Work {
        case job(UnownedJob)
        case call(@Sendable () -> Void)
    }

    private struct State {
        var running = false
        var drainScheduled = false
        var queue: [Work] = []
    }

    private let state = Mutex(State())
    /// The thread running the table's work now (0: none). Written only by that thread, as it starts and ends, so a
    /// thread that reads its own id here is the one running.
    private let owner = Atomic<UInt>(0)

    /// An executor whose queued work runs on the loop of `tasks`.
    init(tasks: EventLoopTaskExecutor) {
        self.tasks = tasks
    }

    /// Runs `work` now on this thread if the table is idle, and says whether it did; when it says no, nothing ran.
    func runIfIdle(_ work: () -> Void) -> Bool {
        let idle = state.withLock { state in
            guard !state.running, state.queue.isEmpty else { return false }
            state.running = true
            return true
        }
        guard idle else { return false }
        owner.store(Self.currentThread, ordering: .releasing)
        work()
        finish()
        return true
    }

    /// Queues `work` behind what waits, to run on the loop.
    func runLater(_ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.queue.append(.call(work)) }
        scheduleDrainIfNeeded()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.queue.append(.job(job)) }
        scheduleDrainIfNeeded()
    }

    func checkIsolated() {
        precondition(isIsolatingCurrentContext() == true, "not on the table's executor")
    }

    func isIsolatingCurrentContext() -> Bool? {
        owner.load(ordering: .acquiring) == Self.currentThread
    }

    // MARK: - Running what waits

    /// Sets the queue running on the loop, unless it is running or set to already.
    private func scheduleDrainIfNeeded() {
        let schedule = state.withLock { state in
            guard !state.running, !state.drainScheduled, !state.queue.isEmpty else { return false }
            state.drainScheduled = true
            return true
        }
        if schedule { loop.execute { self.drain() } }
    }

    private func drain() {
        let work = state.withLock { state -> [Work]? in
            state.drainScheduled = false
            guard !state.running, !state.queue.isEmpty else { return nil }
            state.running = true
            var taken: [Work] = []
            swap(&taken, &state.queue)
            return taken
        }
        guard let work else { return }
        owner.store(Self.currentThread, ordering: .releasing)
        for item in work {
            switch item {
            case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
            case .call(let call): call()
            }
        }
        finish()
    }

    /// Ends a run; what was queued meanwhile runs on the loop.
    private func finish() {
        owner.store(0, ordering: .releasing)
        let schedule = state.withLock { state in
            state.running = false
            guard !state.drainScheduled, !state.queue.isEmpty else { return false }
            state.drainScheduled = true
            return true
        }
        if schedule { loop.execute { self.drain() } }
    }

    private static var currentThread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }
}
