import Testing
@testable import SnapCore

@Suite struct ComputerPlayerTests {
    func computerTable(match: Bool, active: Seat = .left) -> Table {
        playingTable([
            Hand(seat: .bottom, closed: "2C 3C", open: "5C"),
            Hand(seat: .left, closed: "4C 6C", open: match ? "5H" : "8H", computer: true),
            Hand(seat: .top, closed: "7C 9C", open: "10S", computer: true),
            Hand(seat: .right, closed: "", computer: true),  // out
        ], active: active, hasTurned: true)
    }

    @Test func aComputerPlayerTurnsBetweenHalfASecondAndTwoAndAHalfSecondsAfterActivation() {
        var delays = [Double]()
        var generator = SplitMix64(seed: 1)
        for _ in 0..<2_000 {
            var table = computerTable(match: false)
            table.hasTurned = false
            var computers = ComputerPlayers()
            let commands = computers.react(to: [.activated(.left)], on: table, using: &generator)
            guard case .schedule(.turn(.left), let delay) = commands.first, commands.count == 1 else {
                Issue.record("expected one turn, got \(commands)")
                return
            }
            delays.append(delay.inSeconds)
        }
        #expect(delays.min()! >= 0.5 && delays.min()! < 0.55)
        #expect(delays.max()! <= 2.5 && delays.max()! > 2.45)
        #expect(abs(delays.reduce(0, +) / Double(delays.count) - 1.5) < 0.05)
    }

    @Test func onAMatchEveryComputerPlayerWithCardsSchedulesACall() {
        var generator = SplitMix64(seed: 2)
        var computers = ComputerPlayers()
        let table = computerTable(match: true)
        let commands = computers.react(to: [.cardTurned(.left, card("5H"))], on: table, using: &generator)
        let calls = commands.compactMap { command -> (Seat, Double)? in
            if case .schedule(.call(let seat), let delay) = command { (seat, delay.inSeconds) } else { nil }
        }
        #expect(calls.map(\.0) == [.left, .top])  // not the person, not the player who is out
        #expect(calls.allSatisfy { (0.5...2.5).contains($0.1) })
        #expect(computers.scheduled == [.call(.left), .call(.top)])
    }

    @Test func pendingCallsAreCancelledWhenTheNextCardIsTurned() {
        var generator = SplitMix64(seed: 2)
        var computers = ComputerPlayers(difficulty: .hard)
        _ = computers.react(to: [.cardTurned(.left, card("5H"))], on: computerTable(match: true), using: &generator)
        let commands = computers.react(to: [.cardTurned(.top, card("10S"))], on: computerTable(match: false), using: &generator)
        #expect(commands.prefix(2) == [.cancel(.call(.left)), .cancel(.call(.top))])
    }

    @Test func aPendingTurnIsCancelledByAnyCallAndRescheduledOnceTheCardsHaveMoved() throws {
        var generator = SplitMix64(seed: 3)
        var table = computerTable(match: false)
        table.hasTurned = false
        table.pendingStep = nil
        var computers = ComputerPlayers()
        #expect(computers.react(to: [.activated(.left)], on: table, using: &generator).count == 1)
        let call = try table.callSnap(by: .bottom)
        #expect(computers.react(to: call, on: table, using: &generator) == [.cancel(.turn(.left))])
        let moved = try table.step(.moveCards)
        #expect(computers.react(to: moved, on: table, using: &generator).isEmpty)
        let resumed = try table.step(.resume)
        let commands = computers.react(to: resumed, on: table, using: &generator)
        guard case .schedule(.turn(.left), _) = commands.first else {
            Issue.record("expected the turn to be rescheduled, got \(commands)")
            return
        }
    }

    @Test func withoutAMatchComputersCallAboutOneTimeInFiftyOne() {
        var generator = SplitMix64(seed: 51)
        let table = computerTable(match: false)
        let trials = 51_000
        var falseCalls = 0
        for _ in 0..<trials {
            var computers = ComputerPlayers()
            let commands = computers.react(to: [.cardTurned(.left, card("8H"))], on: table, using: &generator)
            if !commands.isEmpty {
                falseCalls += 1
                #expect(commands.count == 2)  // every computer player with cards calls
            }
        }
        // Expected 1,000; three standard deviations are about 94.
        #expect((900...1_100).contains(falseCalls), "\(falseCalls) false calls in \(trials) turns")
    }

    @Test func difficultyLevelsAreSlowerAndFasterThanNormal() {
        #expect(Difficulty.normal.turnDelay == 0.5...2.5 && Difficulty.normal.callDelay == 0.5...2.5)
        #expect(Difficulty.normal.falseCallOdds == 51)
        #expect(Difficulty.easy.callDelay.lowerBound > Difficulty.normal.callDelay.lowerBound)
        #expect(Difficulty.easy.callDelay.upperBound > Difficulty.normal.callDelay.upperBound)
        #expect(Difficulty.hard.callDelay.upperBound < Difficulty.normal.callDelay.upperBound)
        #expect(Difficulty.hard.turnDelay.upperBound < Difficulty.normal.turnDelay.upperBound)
    }

    @Test func hardComputerPlayersFinishTheirRounds() {
        // Two hard computer players, thirty rounds: each ends with a winner.
        var wins = [Seat: Int]()
        var generator = SplitMix64(seed: 8)
        for _ in 0..<30 {
            var runner = TableRunner(table: tableWith(2, computers: true), difficulty: .hard, generator: generator)
            _ = try? runner.perform(.startRound(by: .bottom))
            while runner.table.phase.isRoundUnderWay, runner.fireNextTimer() != nil {}
            if case .roundOver(let winner?) = runner.table.phase { wins[winner, default: 0] += 1 }
            generator = runner.generator
        }
        #expect(wins.values.reduce(0, +) == 30)
    }
}
