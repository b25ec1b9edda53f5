import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine

/// The options `snap-bench load` and `snap-bench baseline` share: the shape of the load.
struct LoadOptions: ParsableArguments {
    @Option(help: "A running server to load, e.g. ws://127.0.0.1:8080/ws (default: start one in its own process).")
    var url: String?

    @Option(help: "Tables of bot clients.")
    var tables = 100

    @Option(help: "Bots at each table (2–4).")
    var players = 4

    @Option(help: "Seconds to measure for, after the ramp.")
    var duration = 30.0

    @Option(help: "Speed factor for the bots and the server: 2 plays twice as fast.")
    var speed = 1.0

    @Option(help: "Seconds over which the tables are opened.")
    var ramp = 10.0

    @Option(help: "Seed for the bots' reaction times and wrong calls.")
    var seed: UInt64 = 1

    @Option(
        help: """
            Play one table in this many with full clients that mirror the table and check its 52 cards and \
            events (the first always); the rest with lean bots. 1 mirrors every table.
            """)
    var mirrorEvery = 50

    @Option(help: "Run the bots in this many processes (1–16), each holding its share of the tables' connections.")
    var generators = 1

    @Option(help: "How the server it starts judges Snap! calls: reaction (the default; a call's verdict waits while a slower network could still bring a faster reaction, so calls' latency includes that wait) or arrival (no wait: the transport and the table alone).")
    var judging: JudgingMode = .reaction

    @Flag(help: "Print one JSON object on stdout instead of a table.")
    var json = false

    func validate() throws {
        // A server opens at most 10,000 tables (SnapServerConfiguration.maximumTables).
        guard (1...10_000).contains(tables) else { throw ValidationError("--tables must be between 1 and 10000; got \(tables).") }
        guard (2...4).contains(players) else { throw ValidationError("--players must be 2, 3 or 4; got \(players).") }
        guard duration.isFinite, duration >= 1, duration <= 86_400 else {
            throw ValidationError("--duration must be between 1 and 86400 seconds; got \(duration).")
        }
        guard ramp.isFinite, ramp >= 0, ramp <= 3_600 else {
            throw ValidationError("--ramp must be between 0 and 3600 seconds; got \(ramp).")
        }
        try validateSpeed(speed)
        guard (1...10_000).contains(mirrorEvery) else {
            throw ValidationError("--mirror-every must be between 1 and 10000; got \(mirrorEvery).")
        }
        guard (1...16).contains(generators) else {
            throw ValidationError("--generators must be between 1 and 16; got \(generators).")
        }
        guard generators <= tables else {
            throw ValidationError(
                "--generators (\(generators)) cannot be more than --tables (\(tables)): each generator needs a table.")
        }
        if let url {
            guard let parsed = URL(string: url), ["ws", "wss"].contains(parsed.scheme), parsed.host != nil else {
                throw ValidationError("--url must be a WebSocket address such as ws://127.0.0.1:8080/ws; got '\(url)'.")
            }
        }
    }

    /// The settings these options describe.
    var settings: LoadSettings {
        var settings = LoadSettings()
        settings.tables = tables
        settings.players = players
        settings.duration = .milliseconds(Int64(duration * 1_000))
        settings.speed = speed
        settings.ramp = .milliseconds(Int64(ramp * 1_000))
        settings.seed = seed
        settings.mirrorEvery = mirrorEvery
        settings.generators = generators
        settings.serverOptions += ["--judging", judging.rawValue]
        return settings
    }

    /// A live progress line on standard error, when it is a terminal.
    var progress: @Sendable (String) -> Void { ProgressLine.show }

    /// Ends the progress line.
    func endProgress() { ProgressLine.end() }
}
