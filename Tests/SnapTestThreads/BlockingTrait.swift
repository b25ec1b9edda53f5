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
    /// This test or suite blocks (waits for processes, sleeps, holds locks), computes for seconds or starts programs:
    /// it runs on threads of its own, and only a few such tests at a time.
    public static var blocking: Self { BlockingTrait() }
}
