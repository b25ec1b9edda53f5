import Foundation
import Testing

/// The trait of a test or suite that blocks, computes for seconds or starts programs of its own: its test functions,
/// and the tasks they start as children, run on threads of their own (``OwnThreadExecutor``) instead of Swift's
/// shared ones, and only a few such tests run at once.
///
/// Swift Testing starts every test at once; on two cores, dozens of `snap` servers, benchmarks and terminals starting
/// together leave the tests that run a server in this process seconds behind their own timers.
///
/// A time limit on a blocking test counts its wait for a turn too: leave a few minutes' room for the others.
public struct BlockingTrait: SuiteTrait, TestTrait, TestScoping {
    /// How many blocking tests run at once.
    public static let width = 3

    private static let turns = TestTurns(width: width)

    /// Tests that compute for seconds (``Trait/computing``) take turns of their own, one at a time: beside the
    /// blocking tests, which mostly wait for programs and timers, rather than in their place.
    private static let computingTurns = TestTurns(width: 1)

    /// Whether the test computes for seconds rather than waits.
    let computes: Bool

    /// Whether the running test holds a blocking test's turn: a limit of its own on what it starts (the programs a
    /// test runs, say) would only keep one of the few turns waiting.
    @TaskLocal public static var holdsTurn = false

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope holds no turn: its tests take theirs, one case at a time.
        guard testCase != nil else { return try await function() }
        let asked = ContinuousClock.now
        let turns = computes ? Self.computingTurns : Self.turns
        await turns.take()
        let started = ContinuousClock.now
        defer { Self.report(test, waited: started - asked, ran: .now - started) }
        do {
            try await Self.$holdsTurn.withValue(true) {
                try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
            }
        } catch {
            await turns.give()
            throw error
        }
        await turns.give()
    }

    /// With `SNAP_TEST_TIMES` set, says how long a blocking test waited for its turn and how long it then ran: the
    /// run's own figures say only the sum, and it is the running that makes `swift test` long.
    private static func report(_ test: Test, waited: Duration, ran: Duration) {
        guard ProcessInfo.processInfo.environment["SNAP_TEST_TIMES"] != nil else { return }
        let line = "⏱ \(test.id.nameComponents.joined(separator: ".")): waited \(seconds(waited)) s, ran \(seconds(ran)) s\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}

extension Trait where Self == BlockingTrait {
    /// This test or suite blocks (waits for processes, sleeps, holds locks), computes for seconds or starts programs:
    /// it runs on threads of its own, and only a few such tests at a time.
    public static var blocking: Self { BlockingTrait(computes: false) }

    /// This test computes for seconds (thousands of random games): it runs on a thread of its own, one such test at
    /// a time, beside the `.blocking` tests rather than taking one of their turns.
    public static var computing: Self { BlockingTrait(computes: true) }
}
