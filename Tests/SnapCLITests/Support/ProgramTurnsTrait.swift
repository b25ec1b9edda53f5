import Foundation
import Testing

/// The trait of a test or suite that starts programs which run while it drives them (`snap serve`, `snap` in tmux,
/// nginx): only a few such tests run at once.
///
/// Swift Testing starts every test at once; on two cores, dozens of servers, terminals and clusters starting
/// together would leave each of them seconds behind its own timers (a turn, a grace period, the verdict on screen).
/// The test itself holds no thread while it waits: it awaits its programs (``SnapPane``, ``SnapBinary``).
///
/// A time limit on such a test counts its wait for a turn too: leave a few minutes' room for the others.
struct ProgramTurnsTrait: SuiteTrait, TestTrait, TestScoping {
    /// How many such tests run at once.
    static let width = 3

    private static let turns = TestTurns(width: width)

    /// Whether the running test holds a turn: the programs it runs to their end (``SnapBinary/run(_:environment:executable:)``)
    /// then need no turn of their own.
    @TaskLocal static var holdsTurn = false

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope holds no turn: its tests take theirs, one case at a time.
        guard testCase != nil else { return try await function() }
        let asked = ContinuousClock.now
        await Self.turns.take()
        let started = ContinuousClock.now
        defer { Self.report(test, waited: started - asked, ran: .now - started) }
        do {
            try await Self.$holdsTurn.withValue(true) { try await function() }
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }

    /// With `SNAP_TEST_TIMES` set, says how long a test waited for its turn and how long it then ran: the run's own
    /// figures say only the sum, and it is the running that makes `swift test` long.
    private static func report(_ test: Test, waited: Duration, ran: Duration) {
        guard ProcessInfo.processInfo.environment["SNAP_TEST_TIMES"] != nil else { return }
        let line = "⏱ \(test.id.nameComponents.joined(separator: ".")): waited \(seconds(waited)) s, ran \(seconds(ran)) s\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}

extension Trait where Self == ProgramTurnsTrait {
    /// This test or suite starts programs and drives them while they run: only a few such tests run at a time.
    static var startsPrograms: Self { ProgramTurnsTrait() }
}
