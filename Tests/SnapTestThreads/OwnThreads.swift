import Foundation
import Testing

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

/// The trait of a test or suite that blocks (or computes for seconds) or starts programs of its own (``OwnThreadExecutor``): its test
/// functions, and the tasks they start as children, run on threads of their own instead of Swift's shared ones, and
/// only a few such tests run at once.
///
/// Swift Testing starts every test at once; on two cores, dozens of `snap` servers, benchmarks and terminals starting
/// together leave the tests that run a server in this process seconds behind their own timers.
///
/// A time limit on a blocking test counts its wait for a turn too: leave a few minutes' room for the others.
public struct BlockingTrait: SuiteTrait, TestTrait, TestScoping {
    /// How many blocking tests run at once.
    public static let width = 3

    private static let turns = TestTurns(width: width)

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope holds no turn: its tests take theirs, one case at a time.
        guard testCase != nil else { return try await function() }
        await Self.turns.take()
        do {
            try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }
}

extension Trait where Self == BlockingTrait {
    /// This test or suite blocks (waits for processes, sleeps, holds locks) or starts programs: it runs on threads
    /// of its own, and only a few such tests at a time.
    public static var blocking: Self { BlockingTrait() }
}

/// Turns for at most `width` tests at once, given in the order they were asked for.
actor TestTurns {
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        self.width = width
    }

    /// Waits until fewer than `width` tests hold a turn, and takes one.
    func take() async {
        guard running >= width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a turn back: the longest waiter gets it.
    func give() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
