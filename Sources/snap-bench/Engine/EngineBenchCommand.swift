import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine
import SnapCore

/// `snap-bench engine`: the rules engine alone playing seeded computer-only rounds on virtual time, as fast as it
/// can; turns, calls and rounds per second, and heap allocations per turn.
struct EngineBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "How fast the rules engine plays: turns/s, calls/s, rounds/s and allocations per turn.",
        discussion: """
            In this process, no network: computer players play seeded rounds on a virtual clock, so nothing waits. \
            After a few warm-up rounds the measured rounds are timed on the wall clock. Allocations are counted in \
            a second run of the same rounds, in a child process with ordo-one's malloc interposer preloaded \
            (\(AllocationCountingChild.libraryName), which `swift build` puts beside snap), so that the timed run \
            never carries the interposer. Build with -c release for figures worth quoting.
            """
    )

    @Option(parsing: .unconditional, help: "How many rounds to time (1 to 1000000).")
    var rounds = 1_000

    @Option(parsing: .unconditional, help: "Players at the table: 2, 3 or 4.")
    var players = 4

    @Option(help: "The seed for shuffling and the computer players; the same seed plays the same rounds.")
    var seed: UInt64 = 1

    @Option(help: "How the computer players play: easy, normal or hard.")
    var difficulty: Difficulty = .normal

    @Option(
        name: .customLong("warm-up"), parsing: .unconditional,
        help: "Rounds played first, neither timed nor counted (0 to 100000; default a tenth of --rounds, 1 to 50).")
    var warmUp: Int?

    @Flag(inversion: .prefixedNo, help: "Count heap allocations in a second run with the malloc interposer.")
    var allocations = true

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard (1...1_000_000).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 1000000; got \(rounds).")
        }
        guard (2...4).contains(players) else {
            throw ValidationError("--players must be 2, 3 or 4 (a table has four seats); got \(players).")
        }
        if let warmUp, !(0...100_000).contains(warmUp) {
            throw ValidationError("--warm-up must be between 0 and 100000 rounds; got \(warmUp).")
        }
    }

    var benchmark: EngineBenchmark {
        EngineBenchmark(
            simulation: Simulation.Options(games: rounds, players: players, seed: seed, difficulty: difficulty),
            warmUpRounds: warmUp ?? EngineBenchmark.defaultWarmUp(forRounds: rounds))
    }

    func run() throws {
        if AllocationCountingChild.isThisProcess { return try countAllocations() }
        let benchmark = benchmark
        progress("Warming up: \(benchmark.warmUpRounds) rounds…")
        var result = benchmark.run { done in
            if done % max(1, rounds / 100) == 0 || done == rounds { progress("Timing: \(done)/\(rounds) rounds…") }
        }
        var note: String?
        if allocations {
            progress("Counting allocations: the same rounds again, with the malloc interposer…")
            do throws(AllocationCountingError) {
                let counted = try AllocationCountingChild.run(
                    executable: AllocationCountingChild.currentExecutable, arguments: childArguments(benchmark))
                guard counted.turns == result.report.turns else {
                    throw .differentRounds(timed: result.report.turns, counted: counted.turns)
                }
                result.allocations = counted.allocations
                result.allocationsInPlay = counted.inPlay
            } catch {
                note = "not measured: \(error)"
            }
        } else {
            note = "not measured (--no-allocations)"
        }
        progress(nil)
        let summary = EngineBenchSummary(result: result, allocationsNote: note)
        print(json ? try jsonLine(summary) : summary.table())
        if !result.report.cardsConserved || result.report.roundsStuck > 0 { throw ExitCode(1) }
    }

    /// The counting child's command line: the same rounds, spelt out.
    private func childArguments(_ benchmark: EngineBenchmark) -> [String] {
        [
            "engine", "--rounds", "\(rounds)", "--players", "\(players)", "--seed", "\(seed)",
            "--difficulty", difficulty.rawValue, "--warm-up", "\(benchmark.warmUpRounds)",
        ]
    }

    /// The child's part: play the rounds with the interposer counting, and print the counts.
    private func countAllocations() throws {
        guard let counter = AllocationCounter.inThisProcess() else {
            FileHandle.standardError.write(
                Data("the malloc interposer is not loaded in this process (LD_PRELOAD is not working here)\n".utf8))
            throw ExitCode(3)
        }
        let result = benchmark.run(countingWith: counter)
        guard let allocations = result.allocations, let inPlay = result.allocationsInPlay else { throw ExitCode(3) }
        print(
            try AllocationCountingChild.Output(
                turns: result.report.turns, rounds: result.rounds, allocations: allocations, inPlay: inPlay
            ).line())
    }

    /// Shows `text` on one line of standard error when that is a terminal; nil clears the line.
    private func progress(_ text: String?) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + (text ?? "")).utf8))
    }
}
