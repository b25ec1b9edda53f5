import Foundation
import SnapCommandLine
import SnapCore

/// A simulation's figures as `snap simulate` prints them, in JSON or as a table.
struct SimulationSummary: Encodable {
    let games: Int
    let players: Int
    let seed: UInt64
    let difficulty: String
    let turnCap: Int
    let roundsFinished: Int
    let roundsCapped: Int
    let roundsStuck: Int
    let turns: Int
    let callsCorrect: Int
    let callsWrong: Int
    let callsTooLate: Int
    let recycles: Int
    let payments: Int
    let playersOut: Int
    let longestRoundTurns: Int
    let averageRoundTurns: Double
    let virtualHours: Double
    let round: String
    let roundGameSecondsMean: Double
    let roundGameSecondsP90: Double
    let cardsConserved: Bool
    let wallSeconds: Double
    let roundsPerSecond: Double
    let turnsPerSecond: Double

    init(options: Simulation.Options, report: Simulation.Report, wallSeconds: Double) {
        let rounds = report.roundsFinished + report.roundsCapped + report.roundsStuck
        games = options.games
        players = options.players
        seed = options.seed
        difficulty = options.difficulty.rawValue
        turnCap = options.turnCap
        roundsFinished = report.roundsFinished
        roundsCapped = report.roundsCapped
        roundsStuck = report.roundsStuck
        turns = report.turns
        callsCorrect = report.callsCorrect
        callsWrong = report.callsWrong
        callsTooLate = report.callsTooLate
        recycles = report.recycles
        payments = report.payments
        playersOut = report.playersOut
        longestRoundTurns = report.longestRoundTurns
        averageRoundTurns = rounds > 0 ? Double(report.turns) / Double(rounds) : 0
        virtualHours = report.virtualSeconds / 3600
        round = options.roundLength.timeLimit.map { "quick \(Int($0.inSeconds / 60)) min" } ?? "classic"
        let lengths = report.roundGameSeconds.sorted()
        roundGameSecondsMean = lengths.isEmpty ? 0 : lengths.reduce(0, +) / Double(lengths.count)
        roundGameSecondsP90 = lengths.isEmpty ? 0 : lengths[min(lengths.count - 1, Int((Double(lengths.count) * 0.9).rounded(.up)) - 1)]
        cardsConserved = report.cardsConserved
        self.wallSeconds = wallSeconds
        roundsPerSecond = wallSeconds > 0 ? Double(rounds) / wallSeconds : 0
        turnsPerSecond = wallSeconds > 0 ? Double(report.turns) / wallSeconds : 0
    }

    func json() throws -> String {
        try jsonLine(self)
    }

    func table() -> String {
        let rows: [(String, String)] = [
            ("rounds", "\(games) with \(players) players, seed \(seed), \(difficulty) computer players"),
            ("rounds finished", "\(roundsFinished)"),
            ("rounds capped", "\(roundsCapped) (at \(turnCap) turns)"),
            ("rounds stuck", "\(roundsStuck)"),
            ("turns", "\(turns) (average \(format(averageRoundTurns, 1)) a round, longest \(longestRoundTurns))"),
            ("calls", "\(callsCorrect) correct, \(callsWrong) wrong, \(callsTooLate) too late"),
            ("recycles", "\(recycles)"),
            ("payments", "\(payments) cards"),
            ("players out", "\(playersOut)"),
            ("cards conserved", cardsConserved ? "yes, 52 after every action" : "NO"),
            ("round length", "\(round): \(format(roundGameSecondsMean / 60, 1)) min of game time on average, p90 \(format(roundGameSecondsP90 / 60, 1)) min"),
            ("game time", "\(format(virtualHours, 1)) hours on the virtual clock"),
            ("wall time", "\(format(wallSeconds, 3)) s"),
            ("speed", "\(format(roundsPerSecond, 1)) rounds/s, \(format(turnsPerSecond, 0)) turns/s"),
        ]
        let width = rows.map(\.0.count).max()!
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            .joined(separator: "\n")
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
