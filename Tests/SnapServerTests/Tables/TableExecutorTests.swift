import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing

@testable import SnapServer

/// A table's executor: work that finds the table idle runs at once on the thread that brings it; what comes while it
/// is busy waits, in order, for the table's loop; never two at once.
@Suite struct TableExecutorTests {
    @Test func workThatFindsTheTableIdleRunsAtOnceOnTheCallersThread() {
        let loop = EmbeddedEventLoop()
        let executor = TableExecutor(tasks: .on(loop))
        let log = Log()
        #expect(executor.isIsolatingCurrentContext() == false)
        executor.run {
            log.add("ran, isolated: \(executor.isIsolatingCurrentContext() == true)")
        }
        // Nothing was left for the loop: it ran before `run` returned.
        #expect(log.all == ["ran, isolated: true"])
        #expect(executor.isIsolatingCurrentContext() == false)
    }

    @Test func workThatComesWhileTheTableIsBusyWaitsForItsLoopInOrder() {
        let loop = EmbeddedEventLoop()
        let executor = TableExecutor(tasks: .on(loop))
        let log = Log()
        executor.run {
            log.add("first")
            #expect(!executor.runIfIdle { log.add("not while busy") })
            executor.run { log.add("second") }
            log.add("first, done")
        }
        // The table is idle again, but the second still waits: a third must not overtake it.
        executor.run { log.add("third") }
        #expect(log.all == ["first", "first, done"])
        loop.run()
        #expect(log.all == ["first", "first, done", "second", "third"])
        // Nothing waits any more: the next runs at once.
        executor.run { log.add("fourth") }
        #expect(log.all.last == "fourth")
    }

    @Test(.timeLimit(.minutes(1)))
    func threadsRacingForOneTableTakeTurnsAndKeepEachOnesOrder() async throws {
        // The table's home loop sends nothing itself, so that it drains what waits while the others race.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
        let loops = Array(group.makeIterator())
        let executor = TableExecutor(tasks: .on(loops[0]))
        let occupancy = Occupancy()
        let senders = loops.dropFirst()
        let each = 5_000
        let seen = Mutex([Int](repeating: -1, count: loops.count))
        let outOfOrder = Atomic(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let left = Atomic(senders.count * each)
            for (sender, loop) in zip(senders.indices, senders) {
                loop.execute {
                    for number in 0..<each {
                        executor.run {
                            occupancy.enter(executor)
                            let previous = seen.withLock { seen in
                                defer { seen[sender] = number }
                                return seen[sender]
                            }
                            if previous != number - 1 { outOfOrder.add(1, ordering: .relaxed) }
                            occupancy.leave()
                            if left.subtract(1, ordering: .relaxed).newValue == 0 { done.resume() }
                        }
                    }
                }
            }
        }
        #expect(occupancy.overlaps == 0)
        #expect(occupancy.lapses == 0)
        #expect(outOfOrder.load(ordering: .relaxed) == 0)
        try await group.shutdownGracefully()
    }

    @Test(.timeLimit(.minutes(1)))
    func anActorsCallsAndWorkRunAtOnceTakeTurnsToo() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
        let loops = Array(group.makeIterator())
        let occupancy = Occupancy()
        let tally = Tally(executor: TableExecutor(tasks: .on(loops[0])), occupancy: occupancy)
        let each = 2_000
        await withTaskGroup(of: Void.self) { tasks in
            // Calls through the actor's queue, from Swift's own threads…
            for _ in 0..<2 {
                tasks.addTask { for _ in 0..<each { await tally.add() } }
            }
            // …and work run at once when the table is idle, from two event loops, each waiting for its last.
            for loop in loops.dropFirst() {
                tasks.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        loop.execute {
                            for number in 0..<each {
                                let work: @Sendable () -> Void = {
                                    tally.assumeIsolated { $0.add() }
                                    if number == each - 1 { done.resume() }
                                }
                                tally.executor.run(work)
                            }
                        }
                    }
                }
            }
        }
        #expect(await tally.count == 4 * each)
        #expect(occupancy.overlaps == 0)
        #expect(occupancy.lapses == 0)
        try await group.shutdownGracefully()
    }
}

/// What ran, in order.
private final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// Who is inside the table's work now, and whether two ever were.
private final class Occupancy: Sendable {
    private let inside = Atomic(0)
    private let overlapCount = Atomic(0)
    private let isolationLapses = Atomic(0)

    func enter(_ executor: TableExecutor) {
        if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        if executor.isIsolatingCurrentContext() != true { isolationLapses.add(1, ordering: .relaxed) }
    }

    func leave() {
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
    var lapses: Int { isolationLapses.load(ordering: .relaxed) }
}

/// An actor on a table's executor, as a ``TableSession`` is, called both with `await` and with `run`.
private actor Tally {
    nonisolated let executor: TableExecutor
    nonisolated let occupancy: Occupancy
    private(set) var count = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: TableExecutor, occupancy: Occupancy) {
        self.executor = executor
        self.occupancy = occupancy
    }

    func add() {
        occupancy.enter(executor)
        count += 1
        occupancy.leave()
    }
}

extension TableExecutor {
    /// At once if the table is idle, else after what waits: as ``TableSession/run(_:_:)`` does.
    fileprivate func run(_ work: @escaping @Sendable () -> Void) {
        if !runIfIdle(work) { runLater(work) }
    }
}
