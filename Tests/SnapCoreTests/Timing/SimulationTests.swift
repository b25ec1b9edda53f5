import Testing
@testable import SnapCore

@Suite struct SimulationTests {
    @Test(arguments: [2, 3, 4])
    func everyRoundEndsWithAWinnerAndEveryCardKept(players: Int) {
        let report = Simulation(.init(games: 10, players: players, seed: 5)).run()
        #expect(report.roundsFinished == 10)
        #expect(report.roundsStuck == 0 && report.roundsCapped == 0)
        #expect(report.cardsConserved)
        #expect(report.turns > 0 && report.callsCorrect > 0)
        #expect(report.wins.values.reduce(0, +) == 10)
    }

    @Test func theSameSeedGivesTheSameReport() {
        let options = Simulation.Options(games: 5, players: 3, seed: 77, difficulty: .hard)
        #expect(Simulation(options).run() == Simulation(options).run())
        #expect(Simulation(options).run() != Simulation(.init(games: 5, players: 3, seed: 78)).run())
    }

    @Test func roundsAtTheTurnCapAreReportedNotHidden() {
        var progress = [Int]()
        let report = Simulation(.init(games: 3, players: 4, seed: 1, turnCap: 10)).run { progress.append($0) }
        #expect(report.roundsCapped == 3)
        #expect(report.roundsFinished == 0)
        #expect(report.longestRoundTurns == 10)
        #expect(progress == [1, 2, 3])
    }
}
