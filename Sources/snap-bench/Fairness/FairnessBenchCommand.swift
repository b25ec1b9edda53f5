import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine

/// `snap-bench fairness`: who wins close Snap! calls, judged by arrival and by reaction time, over delayed networks
/// and against cheating clients.
struct FairnessBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fairness",
        abstract: "Measure who wins close Snap! calls: judged by arrival and by reaction time, over delayed networks and against cheats.",
        discussion: """
            For each scenario, starts `snap serve --judging arrival` and `snap serve --judging reaction` on free \
            loopback ports, each in its own process, and plays --tables tables of two players on each at once. Each \
            player is a SnapClient behind its own delay proxy (a delay each way, optional jitter, bytes never \
            reordered); honest players' proxies connect from 127.0.0.2, which the servers trust as a proxy, and a \
            cheater's from 127.0.0.1, so that the server measures its true round trip. Every card turned is a race: \
            both players call after a scripted reaction (150–300 ms, one slower than the other by a drawn \
            difference), so the truly faster player is known; the first judged call wins. Against a cheat, only \
            races on a match count (who takes the cards), and the players call only when one shows. Scenarios: \
            \(FairnessScenario.all.map(\.name).joined(separator: ", ")). Reports, for both modes side by side: the \
            share of races won by the truly faster player by difference, the share of equal reactions won by the \
            low-delay player, the time added before a verdict (p50, p99), false starts, and what each cheat gained.
            """
    )

    @Option(help: "Races to gather for each scenario and judging mode (against a cheat: races on a match).")
    var races = 300

    @Option(help: "Tables played at once for each scenario and judging mode.")
    var tables = 8

    @Option(help: "The servers' speed factor: the table's own delays are divided by it; the judging window is not.")
    var speed = 20.0

    @Option(help: "Seed for the scripted reactions and the proxies' jitter; the same seed draws the same races.")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("scenario"),
        help: ArgumentHelp("A scenario to play (repeat for several; default: all).", valueName: "name"))
    var scenarios: [String] = []

    @Option(name: .customLong("max-compensation"), help: "The servers' largest compensation, in milliseconds (the bound).")
    var maxCompensation = 200

    @Option(help: "The longest one scenario may take, in seconds, before it is reported with the races it has.")
    var timeout = 120.0

    @Flag(help: "A short run: 40 races per scenario and mode, 4 tables.")
    var quick = false

    @Flag(help: "Print one JSON object on stdout instead of a table.")
    var json = false

    func validate() throws {
        guard (1...100_000).contains(races) else { throw ValidationError("--races must be between 1 and 100000; got \(races).") }
        guard (1...500).contains(tables) else { throw ValidationError("--tables must be between 1 and 500; got \(tables).") }
        try validateSpeed(speed)
        // The same range as `snap serve --max-compensation`.
        guard (0...1_000).contains(maxCompensation) else {
            throw ValidationError("--max-compensation must be between 0 and 1000 milliseconds; got \(maxCompensation).")
        }
        guard timeout.isFinite, timeout >= 1, timeout <= 86_400 else {
            throw ValidationError("--timeout must be between 1 and 86400 seconds; got \(timeout).")
        }
        for name in scenarios where FairnessScenario.named(name) == nil {
            throw ValidationError(
                "There is no scenario '\(name)'. The scenarios are: \(FairnessScenario.all.map(\.name).joined(separator: ", ")).")
        }
    }

    /// The settings these options describe.
    var settings: FairnessSettings {
        var settings = FairnessSettings()
        settings.races = quick ? min(races, 40) : races
        settings.tables = quick ? min(tables, 4) : tables
        settings.speed = speed
        settings.seed = seed
        settings.boundMilliseconds = maxCompensation
        settings.timeout = .milliseconds(Int64(timeout * 1_000))
        if !scenarios.isEmpty {
            var chosen = [FairnessScenario]()
            for name in scenarios {
                if let scenario = FairnessScenario.named(name), !chosen.contains(scenario) { chosen.append(scenario) }
            }
            settings.scenarios = chosen
        }
        return settings
    }

    func run() async throws {
        let report = try await FairnessRun(
            settings: settings, executable: try BenchExecutables.current.snap(), progress: ProgressLine.show
        ).run()
        ProgressLine.end()
        print(json ? try jsonLine(report) : FairnessReportTable.render(report))
    }
}
