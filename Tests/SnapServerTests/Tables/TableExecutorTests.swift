import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing

@testable import SnapServer

/// A table's executor: work that finds the table idle runs at once on the thread that brings it; what comes while it
/// is busy waits, in order, for the table's loop; never two at once.
@Suite struct TableExecutorTests {
    /// What ran, in order.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

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

    @Test func threadsRacingForOneTableTakeTurnsAndKeepEachOnesOrder() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
        let loops = Array(group.makeIterator())
        let executor = TableExecutor(tasks: .on(loops[0]))
        let inside = Atomic(0)
        let overlaps = Atomic(0)
        let senders = loops.count
        let each = 2_000
        let seen = Mutex([Int](repeating: -1, count: senders))
        let outOfOrder = Atomic(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let left = Atomic(senders * each)
            for (sender, loop) in loops.enumerated() {
                loop.execute {
                    for number in 0..<each {
                        executor.run {
                            if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                                overlaps.add(1, ordering: .relaxed)
                            }
                            let previous = seen.withLock { seen in
                                defer { seen[sender] = number }
                                return seen[sender]
                            }
                            if previous != number - 1 { outOfOrder.add(1, ordering: .relaxed) }
                            inside.subtract(1, ordering: .sequentiallyConsistent)
                            if left.subtract(1, ordering: .relaxed).newValue == 0 { done.resume() }
                        }
                    }
                }
            }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(outOfOrder.load(ordering: .relaxed) == 0)
        try await group.shutdownGracefully()
    }
}

extension TableExecutor {
    /// At once if the table is idle, else after what waits: as ``TableSession/run(_:_:)`` does.
    fileprivate func run(_ work: @escaping @Sendable () -> Void) {
        if !runIfIdle(work) { runLater(work) }
    }
}
