import Testing
@testable import SnapCore

/// The turn timer: the table turns for a player who does not, and waits only a second for one who is gone.
@Suite struct TurnTimerTests {
    static func timed(_ hands: [Hand] = [
        Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
        Hand(seat: .top, closed: "3C 7H", open: "6H"),
    ], active: Seat = .bottom) -> Table {
        var table = playingTable(hands, active: active)
        table.settings = TableSettings(turnTime: TableSettings.standardTurnTime)
        table.armTurnTimer()
        return table
    }

    @Test func anIdlePlayerIsTurnedForAfterTheTurnTime() throws {
        var table = Self.timed()
        #expect(table.pendingStep == PendingStep(step: .turnForPlayer, delay: .seconds(8)))
        let events = try table.step(.turnForPlayer)
        #expect(events == [.cardTurned(.bottom, card("9C"))])
        #expect(table.pendingStep?.step == .activateNext)
        // The next player's timer starts when they are activated.
        _ = try table.step(.activateNext)
        #expect(table.activeSeat == .top)
        #expect(table.pendingStep == PendingStep(step: .turnForPlayer, delay: .seconds(8)))
    }

    @Test func aDroppedPlayerIsTurnedForAfterOneSecond() throws {
        var table = Self.timed()
        _ = try table.setPresence(.bottom, present: false)
        #expect(table.pendingStep == PendingStep(step: .turnForPlayer, delay: .seconds(1)))
        #expect(try table.step(.turnForPlayer) == [.cardTurned(.bottom, card("9C"))])
    }

    @Test func aPlayerWhoReconnectsMidCountdownGetsTheFullTimeAgain() throws {
        var runner = TableRunner(table: Self.timed(), generator: SplitMix64(seed: 1))
        runner.allowances = [:]
        _ = try runner.perform(.setPresence(.bottom, present: false))
        #expect(runner.nextDeadline == .seconds(1))
        _ = runner.advance(to: .milliseconds(600))
        _ = try runner.perform(.setPresence(.bottom, present: true))
        #expect(runner.nextDeadline == .milliseconds(8_600))
        #expect(runner.advance(to: .seconds(8)).isEmpty)
        #expect(runner.advance(to: .milliseconds(8_600)) .first == .cardTurned(.bottom, card("9C")))
    }

    @Test func aCallStopsTheCountdownAndItStartsAgainAfterwards() throws {
        var table = Self.timed()
        _ = try table.callSnap(by: .top)  // wrong
        #expect(table.pendingStep?.step == .moveCards)
        _ = try table.step(.moveCards)
        _ = try table.step(.resume)
        #expect(table.activeSeat == .bottom)
        #expect(table.pendingStep == PendingStep(step: .turnForPlayer, delay: .seconds(8)))
    }

    @Test func withoutATurnTimerTheTableWaits() throws {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        #expect(table.pendingStep == nil)
    }

    @Test func computerPlayersTurnBeforeTheirTimerRunsOut() throws {
        var table = tableWith(4, computers: true)
        table.settings = TableSettings(turnTime: TableSettings.standardTurnTime)
        var runner = TableRunner(table: table, difficulty: .easy, generator: SplitMix64(seed: 9))
        _ = try runner.perform(.startRound(by: .bottom))
        var turnedByTable = 0
        for _ in 0..<2_000 {
            guard runner.table.phase.isRoundUnderWay,
                let next = runner.pendingTimers.first
            else { break }
            if next.timer == .table(.turnForPlayer) { turnedByTable += 1 }
            _ = runner.fireNextTimer()
        }
        #expect(turnedByTable == 0)
        #expect(runner.table.cardsAccountedFor)
    }
}
