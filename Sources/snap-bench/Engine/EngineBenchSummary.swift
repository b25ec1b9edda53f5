import Foundation
import SnapBench

/// The figures `snap-bench engine` prints, as JSON or as a table.
struct EngineBenchSummary: Encodable {
    let build: String
    let rounds: Int
    let players: Int
    let seed: UInt64
    let difficulty: String
    let warmUpRounds: Int
    let roundsFinished: Int
    let roundsCapped: Int
    let roundsStuck: Int
    let turns: Int
    let calls: Int
    let callsCorrect: Int
    let callsWrong: Int
    let callsTooLate: Int
    let cardsConserved: Bool
    let wallSeconds: Double
    let turnsPerSecond: Double
    let callsPerSecond: Double
    let roundsPerSecond: Double
    let allocationsMeasured: Bool
    let allocations: Nullable<Int>
    let allocatedBytes: Nullable<Int>
    let allocationsPerTurn: Nullable<Double>
    let allocatedBytesPerTurn: Nullable<Double>
    let allocationsInPlay: Nullable<Int>
    let allocatedBytesInPlay: Nullable<Int>
    let allocationsNote: Nullable<String>

    init(result: EngineBenchmarkResult, allocationsNote: String?) {
        #if DEBUG
        build = "debug"
        #else
        build = "release"
        #endif
        let options = result.benchmark.simulation
        rounds = result.rounds
        players = options.players
        seed = options.seed
        difficulty = options.difficulty.rawValue
        warmUpRounds = result.benchmark.warmUpRounds
        roundsFinished = result.report.roundsFinished
        roundsCapped = result.report.roundsCapped
        roundsStuck = result.report.roundsStuck
        turns = result.report.turns
        calls = result.calls
        callsCorrect = result.report.callsCorrect
        callsWrong = result.report.callsWrong
        callsTooLate = result.report.callsTooLate
        cardsConserved = result.report.cardsConserved
        wallSeconds = result.wallSeconds
        turnsPerSecond = result.turnsPerSecond
        callsPerSecond = result.callsPerSecond
        roundsPerSecond = result.roundsPerSecond
        allocationsMeasured = result.allocations != nil
        allocations = Nullable(result.allocations?.allocations)
        allocatedBytes = Nullable(result.allocations?.bytes)
        allocationsPerTurn = Nullable(result.allocationsPerTurn)
        allocatedBytesPerTurn = Nullable(result.allocatedBytesPerTurn)
        allocationsInPlay = Nullable(result.allocationsInPlay?.allocations)
        allocatedBytesInPlay = Nullable(result.allocationsInPlay?.bytes)
        self.allocationsNote = Nullable(result.allocations == nil ? allocationsNote : nil)
    }

    func table() -> String {
        var allocationFigures = allocationsNote.value ?? "not measured"
        if let perTurn = allocationsPerTurn.value, let bytes = allocatedBytesPerTurn.value, let all = allocations.value
        {
            allocationFigures = "\(format(perTurn, 2)) (\(format(bytes, 0)) bytes a turn; \(all) allocations in all)"
        }
        var playFigures = allocationsNote.value ?? "not measured"
        if let inPlay = allocationsInPlay.value, let bytes = allocatedBytesInPlay.value {
            playFigures = "\(inPlay) (\(bytes) bytes) in \(turns) turns, from the end of each deal to the round's end"
        }
        let rows: [(String, String)] = [
            ("rounds", "\(rounds) with \(players) players, seed \(seed), \(difficulty) computer players"),
            ("warm-up", "\(warmUpRounds) rounds first, not measured"),
            ("build", build == "debug" ? "debug (build with -c release for figures worth quoting)" : build),
            ("rounds played", "\(roundsFinished) finished, \(roundsCapped) capped, \(roundsStuck) stuck"),
            ("turns", "\(turns)"),
            ("calls", "\(calls): \(callsCorrect) correct, \(callsWrong) wrong, \(callsTooLate) too late"),
            ("cards conserved", cardsConserved ? "yes, 52 after every action" : "NO"),
            ("wall time", "\(format(wallSeconds, 3)) s"),
            ("turns/s", format(turnsPerSecond, 0)),
            ("calls/s", format(callsPerSecond, 0)),
            ("rounds/s", format(roundsPerSecond, 1)),
            ("allocations/turn", allocationFigures),
            ("in play", playFigures),
        ]
        let width = rows.map(\.0.count).max()!
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            .joined(separator: "\n")
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
