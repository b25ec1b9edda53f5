import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine

/// `snap-bench soak`: a chaos soak — honest bots that play, drop and come back, beside clients that misbehave —
/// while the server's memory and descriptors are watched.
struct SoakBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run honest and misbehaving clients against a server for a while, and check it holds up.",
        discussion: """
            Starts `snap serve` on a free loopback port in its own process. Tables of honest bots play quick rounds; \
            every few seconds one of them drops its connection and comes back with its token, vanishes and comes back \
            without it, or leaves mid-round. Beside them, misbehaving clients send garbage, oversized and invalid \
            frames, flood requests, read slowly or not at all, or never sign in. The server's memory, open file \
            descriptors, tables and connections are sampled all along. Fails (exit status 1) if an honest bot saw a \
            protocol error, a table lost track of its 52 cards, or memory or descriptors grew after the warm-up: \
            memory by more than 10 % (at least 8 MiB), descriptors beside connections by more than 16.
            """
    )

    @Option(help: ArgumentHelp("How long to run: seconds, or with s, m or h (90, 10m, 1h).", valueName: "duration"))
    var duration: SoakDuration = SoakDuration(seconds: 60)

    @Option(help: "Tables of honest bots playing at once.")
    var tables = 10

    @Option(help: "Honest bots at each table when it opens (2–4).")
    var players = 4

    @Option(
        help: ArgumentHelp(
            "Warm-up before memory and descriptors count (default: a quarter of the duration, 2 s to 5 min).",
            valueName: "duration"))
    var warmUp: SoakDuration?

    @Option(
        help: ArgumentHelp(
            "Time between samples of the server (default: a fortieth of the duration, 1 s to 1 min).",
            valueName: "duration"))
    var sampleEvery: SoakDuration?

    @Option(help: "Speed factor for the bots and the server's game delays.")
    var speed = 6.0

    @Option(help: "Seed for the bots' pace and choices.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "Seconds the server keeps a dropped player's seat (snap serve --grace); the soak waits this long, and 2 s "
                + "more, after the bots have gone before it counts what is left.",
            valueName: "seconds"))
    var grace = 5.0

    @Flag(help: "Only honest bots: leave the misbehaving clients out.")
    var noHostile = false

    @Option(help: ArgumentHelp("Also draw the samples as an SVG picture at this path.", valueName: "path"))
    var svg: String?

    @Flag(help: "Print one JSON object on stdout instead of a table.")
    var json = false

    func validate() throws {
        guard (2...86_400).contains(duration.seconds) else {
            throw ValidationError("--duration must be between 2 seconds and 24 hours; got \(duration.seconds) s.")
        }
        guard (1...2_000).contains(tables) else {
            throw ValidationError("--tables must be between 1 and 2000; got \(tables).")
        }
        guard (2...4).contains(players) else { throw ValidationError("--players must be 2, 3 or 4; got \(players).") }
        if let warmUp, warmUp.seconds >= duration.seconds {
            throw ValidationError(
                "--warm-up must be shorter than --duration; got \(warmUp.seconds) s of \(duration.seconds) s.")
        }
        if let sampleEvery, sampleEvery.seconds < 0.5 || sampleEvery.seconds > duration.seconds {
            throw ValidationError(
                "--sample-every must be from 0.5 seconds to the duration; got \(sampleEvery.seconds) s.")
        }
        guard grace.isFinite, (0...3_600).contains(grace) else {
            throw ValidationError("--grace must be between 0 and 3600 seconds; got \(grace).")
        }
        try validateSpeed(speed)
    }

    /// The settings these options describe.
    var settings: SoakSettings {
        var settings = SoakSettings()
        settings.duration = duration.value
        settings.tables = tables
        settings.players = players
        settings.warmUp = warmUp?.value
        settings.sampleInterval = sampleEvery?.value
        settings.speed = speed
        settings.seed = seed
        settings.graceSeconds = grace
        settings.hostile = !noHostile
        return settings
    }

    func run() async throws {
        let report = try await SoakRun(
            settings: settings, executable: try BenchExecutables.current.snap(), progress: ProgressLine.show
        ).run()
        ProgressLine.end()
        if let svg {
            do {
                try SoakChart.render(report).write(toFile: svg, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("Could not write the picture to \(svg): \(error)\n".utf8))
            }
        }
        print(json ? try reportJSON(report) : SoakReportTable.render(report))
        if !report.passed { throw ExitCode.failure }
    }
}
