import Testing
@testable import SnapCore

@Suite struct TableRunnerTests {
    @Test func speedFactorScalesEveryDelay() throws {
        var runner = TableRunner(table: tableWith(2), speed: 4, generator: SplitMix64(seed: 1))
        _ = try runner.perform(.startRound(by: .bottom))
        #expect(runner.nextDeadline == .milliseconds(500))  // the 2 s deal at four times the speed
        #expect(runner.advance(to: .milliseconds(499)).isEmpty)
        let events = runner.advance(to: .milliseconds(500))
        #expect(events.first == .dealFinished)
        let starter = runner.table.activeSeat!
        _ = try runner.perform(.turnCard(starter))
        #expect(runner.nextDeadline == .milliseconds(500) + .milliseconds(125))
    }

    @Test func aPersonsTurnWaitsForThePerson() throws {
        var runner = TableRunner(table: Table.singlePlayer(PlayerInfo(id: PlayerID("me"), name: "Me")), generator: SplitMix64(seed: 6))
        _ = try runner.perform(.startRound(by: .bottom))
        while runner.table.activeSeat != .bottom || runner.table.stop != nil {
            guard runner.fireNextTimer() != nil else { break }
        }
        #expect(runner.table.activeSeat == .bottom)
        // Only computer calls may still be pending; no turn happens without the person.
        #expect(runner.pendingTimers.allSatisfy { if case .computer(.call) = $0.timer { true } else { false } })
    }

    @Test func computerPlayersPlayWholeRoundsToAWinner() throws {
        var runner = TableRunner(table: tableWith(4, computers: true), generator: SplitMix64(seed: 12))
        _ = try runner.perform(.startRound(by: .bottom))
        var events = [TableEvent]()
        while runner.table.phase.isRoundUnderWay, let more = runner.fireNextTimer() { events += more }
        #expect(events.contains { if case .roundWon = $0 { true } else { false } })
        #expect(runner.table.cardsAccountedFor)
        #expect(runner.now > .seconds(60))
    }

    @Test func aTableStepIsNotRescheduledByACallThatCameTooLate() throws {
        var runner = TableRunner(table: tableWith(2), generator: SplitMix64(seed: 1))
        _ = try runner.perform(.startRound(by: .bottom))
        _ = runner.advance(to: .seconds(2))
        _ = try runner.perform(.callSnap(.bottom))  // wrong: stops the table for a second
        _ = runner.advance(to: .milliseconds(2_500))
        _ = try runner.perform(.callSnap(.top))  // too late
        #expect(runner.nextDeadline == .seconds(3))
    }
}
