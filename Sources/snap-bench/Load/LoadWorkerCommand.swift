import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine

/// `snap-bench load-worker` (hidden): one generator process of `snap-bench load --generators K`.
///
/// Opens its share of the tables, prints `ready`, measures from a `start` line on standard input to a `stop`
/// line, then prints its figures as one JSON line, closes its connections and exits.
struct LoadWorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-worker",
        abstract: "One generator process of `snap-bench load --generators K` (started by it, not by hand).",
        shouldDisplay: false
    )

    @Option(help: "The server's WebSocket address.")
    var url: String

    @Option var tables: Int
    @Option var players: Int
    @Option var speed: Double
    @Option var ramp: Double
    @Option var seed: UInt64
    @Option var mirrorEvery: Int

    @Option(help: "This generator's number, from 0.")
    var share: Int

    @Option(help: "How many generators there are.")
    var of: Int

    func validate() throws {
        guard (1...16).contains(of), (0..<of).contains(share), of <= tables else {
            throw ValidationError("--share must be from 0 to --of − 1, and --of from 1 to 16 and at most --tables.")
        }
        guard (2...4).contains(players), (1...10_000).contains(tables), mirrorEvery >= 1 else {
            throw ValidationError("--tables, --players or --mirror-every is out of range.")
        }
        try validateSpeed(speed)
    }

    func run() async throws {
        var settings = LoadSettings()
        settings.tables = tables
        settings.players = players
        settings.speed = speed
        settings.ramp = .milliseconds(Int64(ramp * 1_000))
        settings.seed = seed
        settings.mirrorEvery = mirrorEvery
        let connections = (tables - share + of - 1) / of * players
        let limit = LoadRun.raiseDescriptorLimit()
        guard connections + 64 <= limit else {
            throw ValidationError(
                "This generator's \(connections) connections need more files than one process may open (\(limit)): "
                    + "use more --generators.")
        }
        let generator = LoadGenerator(settings: settings, url: url, share: share, of: of)
        try await generator.open(rampStart: .now)
        say("ready")
        guard await Self.line() == "start" else { return }
        await generator.startMeasuring()
        guard await Self.line() == "stop" else { return }
        let figures = await generator.finish()
        say(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
    }

    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The next line on standard input (read on a thread of its own: the read blocks); nil at its end.
    private static func line() async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: readLine()) }
        }
    }
}
