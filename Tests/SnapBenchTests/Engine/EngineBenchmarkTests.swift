import Testing

@testable import SnapBench
@testable import SnapCore

@Suite struct EngineBenchmarkTests {
    @Test func theMeasuredRoundsAreTheSimulationsWhateverTheWarmUp() {
        let options = Simulation.Options(games: 3, players: 3, seed: 11)
        let expected = Simulation(options).run()
        for warmUp in [0, 1, 5] {
            let result = EngineBenchmark(simulation: options, warmUpRounds: warmUp).run()
            #expect(result.report == expected)
            #expect(result.rounds == 3)
            #expect(result.allocations == nil)
        }
    }

    @Test func progressCountsTheMeasuredRoundsOnly() {
        var progress = [Int]()
        _ = EngineBenchmark(simulation: .init(games: 3, players: 2, seed: 4), warmUpRounds: 2).run {
            progress.append($0)
        }
        #expect(progress == [1, 2, 3])
    }

    @Test func ratesAreCountsOverWallTime() {
        var report = Simulation.Report()
        report.roundsFinished = 3
        report.roundsCapped = 1
        report.turns = 1_000
        report.callsCorrect = 30
        report.callsWrong = 8
        report.callsTooLate = 2
        let benchmark = EngineBenchmark(simulation: .init(games: 4), warmUpRounds: 0)
        let result = EngineBenchmarkResult(
            benchmark: benchmark, report: report, wallSeconds: 2,
            allocations: AllocationCount(allocations: 5_000, bytes: 80_000, frees: 4_990))
        #expect(result.rounds == 4)
        #expect(result.calls == 40)
        #expect(result.turnsPerSecond == 500)
        #expect(result.callsPerSecond == 20)
        #expect(result.roundsPerSecond == 2)
        #expect(result.allocationsPerTurn == 5)
        #expect(result.allocatedBytesPerTurn == 80)

        let instant = EngineBenchmarkResult(benchmark: benchmark, report: report, wallSeconds: 0, allocations: nil)
        #expect(instant.turnsPerSecond == 0 && instant.roundsPerSecond == 0)
        #expect(instant.allocationsPerTurn == nil && instant.allocatedBytesPerTurn == nil)
    }

    @Test(arguments: [(1, 1), (9, 1), (10, 1), (200, 20), (500, 50), (1_000_000, 50)])
    func theDefaultWarmUpIsATenthOfTheRoundsFromOneToFifty(rounds: Int, warmUp: Int) {
        #expect(EngineBenchmark.defaultWarmUp(forRounds: rounds) == warmUp)
    }
}
