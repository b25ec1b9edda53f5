import ArgumentParser
import Foundation
import SnapCommandLine
import SnapCore

/// `snap simulate`: computer-only rounds on virtual time, with a summary.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play rounds with computer players only, on virtual time, and print what happened.",
        discussion: """
            Nothing waits: the delays of the rules pass on a virtual clock. The same seed gives the same
            figures, apart from the timing ones (wall time, rounds/s, turns/s).
            """
    )

    @Option(parsing: .unconditional, help: "How many rounds to play (1 to 1,000,000).")
    var games = 100

    @Option(parsing: .unconditional, help: "Players at the table: 2, 3 or 4.")
    var players = 4

    @Option(help: "A round that reaches this many turned cards is stopped and reported as capped.")
    var turnCap = 20_000

    @Option(help: "The seed for shuffling and the computer players.")
    var seed: UInt64 = 1

    @Option(help: "How the computer players play: easy, normal or hard.")
    var difficulty: Difficulty = .normal

    @Option(help: "How rounds end: 3, 5 or 10 (a quick round of that many minutes: the most cards wins when time is up) or classic (until one player holds all 52).")
    var round: RoundOption = .classic

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard (1...1_000_000).contains(games) else {
            throw ValidationError("--games must be between 1 and 1000000; got \(games).")
        }
        guard (2...4).contains(players) else {
            throw ValidationError("--players must be 2, 3 or 4 (a table has four seats); got \(players).")
        }
        guard turnCap >= 1 else {
            throw ValidationError("--turn-cap must be at least 1; got \(turnCap).")
        }
    }

    func run() throws {
        let options = Simulation.Options(
            games: games, players: players, seed: seed, difficulty: difficulty, turnCap: turnCap,
            roundLength: round.roundLength)
        let showProgress = isatty(STDERR_FILENO) == 1 && !json
        let clock = ContinuousClock()
        let started = clock.now
        let report = Simulation(options).run { done in
            if showProgress && (done % 10 == 0 || done == games) {
                FileHandle.standardError.write(Data("\rSimulating… \(done)/\(games) rounds".utf8))
            }
        }
        let wall = (clock.now - started).inSeconds
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let summary = SimulationSummary(options: options, report: report, wallSeconds: wall)
        if json {
            print(try summary.json())
        } else {
            print(summary.table())
        }
        if !report.cardsConserved || report.roundsStuck > 0 { throw ExitCode(1) }
    }
}
