import Foundation
import SnapCore
import Synchronization

/// A chaos soak: a real server in its own process, tables of honest bots that play, drop and come back, vanish and
/// leave (``SoakTable``), misbehaving clients of every ``HostileKind`` beside them, and the server's memory,
/// descriptors, tables and connections sampled all along.
public struct SoakRun: Sendable {
    private let settings: SoakSettings
    private let executable: String
    private let progress: @Sendable (String) -> Void

    /// A soak of `settings` against a server started from `executable`.
    ///
    /// - Parameter progress: told a one-line status at every sample (for a live line on a terminal).
    public init(settings: SoakSettings, executable: String, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.settings = settings
        self.executable = executable
        self.progress = progress
    }

    /// The server's command line: quick rounds of three minutes (divided by the speed) so that rounds end and
    /// seats free up, and a short grace so that vanished players' seats do too.
    ///
    /// Every bot connects from 127.0.0.1, so per-address limits on connections and tables must leave room for all
    /// of them (`settings.tables` × `settings.players` honest connections and as many again while players come
    /// back, the hostile clients, and a table per honest table and per flooding client).
    ///
    /// Every finished round is kept in a SQLite file `database` (a new one in a temporary folder), so that the
    /// recording and its writer are under the same chaos as the rest.
    public static func serverArguments(_ settings: SoakSettings, database: String) -> [String] {
        [
            "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "error", "--speed", "\(settings.speed)",
            "--db", database,
            "--grace", "\(settings.graceSeconds)", "--round", "3",
            // Every bot, honest or not, comes from 127.0.0.1: the caps per address leave room for the honest tables,
            // while each hostile connection still meets every limit of its own.
            "--max-connections-per-address", "\(settings.tables * settings.players * 2 + 64)",
            "--max-tables-per-address", "\(settings.tables * 2 + 16)",
            "--connection-rate-per-address", "1000",
        ]
    }

    /// Runs the soak and returns its figures.
    public func run() async throws -> SoakReport {
        // Each honest seat may briefly hold two connections (a player coming back while its old one closes).
        try LoadRun.allowDescriptors(settings.tables * settings.players * 2 + 256)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-soak-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("snap.sqlite").path
        return try await ServerProcess.with(
            executable: executable, arguments: Self.serverArguments(settings, database: database), soak)
    }

    private func soak(_ server: ServerProcess) async throws -> SoakReport {
        let (port, pid) = (server.port, server.pid)
        let clock = ContinuousClock()
        try await Task.sleep(for: .milliseconds(300))
        let start = clock.now
        let idle = await Self.sample(pid: pid, port: port, at: 0)
        let counters = SoakCounters()
        let reports = HostileReports()
        let stop = StopFlag()
        let tables = (0..<settings.tables).map {
            SoakTable(index: $0, port: port, settings: settings, counters: counters)
        }
        let hostiles =
            settings.hostile
            ? HostileKind.allCases.enumerated().map { index, kind in
                HostileBot(
                    kind: kind, port: port, seed: settings.seed &+ UInt64(index + 1) &* 0xD1B5_4A32, reports: reports)
            } : []
        let interval = settings.effectiveSampleInterval
        var samples = [SoakSample]()
        await withTaskGroup(of: Void.self) { group in
            for (index, table) in tables.enumerated() {
                group.addTask {
                    // The tables open over the first two seconds rather than all at once.
                    try? await Task.sleep(for: .seconds(2) * (Double(index) / Double(tables.count)))
                    await table.run(until: stop)
                }
            }
            for bot in hostiles { group.addTask { await bot.run(until: stop) } }
            var next = start
            while clock.now - start < settings.duration {
                next = min(next + interval, start + settings.duration)
                try? await clock.sleep(until: next)
                let seconds = (clock.now - start).inSeconds
                if let sample = await Self.sample(pid: pid, port: port, at: seconds) { samples.append(sample) }
                progress(status(samples.last, at: seconds, counters: counters, reports: reports))
            }
            stop.raise()
            progress("stopping: the bots are leaving…")
        }
        let duration = (clock.now - start).inSeconds
        // Give the server time to close what the bots left behind, and the grace to run out on seats kept for
        // players who vanished.
        try? await Task.sleep(for: .seconds(settings.graceSeconds + 2))
        let afterEveryoneLeft = await Self.sample(pid: pid, port: port, at: (clock.now - start).inSeconds)
        let gauges = await OwnThread.run("soak metrics") { ServerGauges.read(port: port) }
        return SoakReport(
            settings: settings, durationSeconds: duration, honest: SoakHonestReport(counters), hostile: reports.byKind,
            serverCardConservationFailures: gauges?.cardConservationFailures, idle: idle, samples: samples,
            afterEveryoneLeft: afterEveryoneLeft,
            flatness: SoakFlatness.judge(samples, warmUpSeconds: settings.effectiveWarmUp.inSeconds))
    }

    /// The server now; nil if any figure could not be read.
    private static func sample(pid: Int32, port: Int, at seconds: Double) async -> SoakSample? {
        guard let gauges = await OwnThread.run("soak metrics", { ServerGauges.read(port: port) }),
            let stats = ProcessStats.read(pid: pid), let descriptors = ProcessStats.openDescriptors(pid: pid)
        else { return nil }
        return SoakSample(
            seconds: seconds, rssBytes: stats.residentBytes, descriptors: descriptors, tables: gauges.tables,
            connections: gauges.connections)
    }

    private func status(
        _ sample: SoakSample?, at seconds: Double, counters: SoakCounters, reports: HostileReports
    ) -> String {
        let phase = seconds < settings.effectiveWarmUp.inSeconds ? "warm-up" : "soak"
        var line = "\(phase) \(Int(seconds))/\(Int(settings.duration.inSeconds))s"
        if let sample {
            line += String(format: "  RSS %.1f MiB", Double(sample.rssBytes) / 1_048_576)
            line += "  fds \(sample.descriptors)  tables \(sample.tables)  connections \(sample.connections)"
        }
        line += "  rounds \(counters.rounds.value)  honest errors \(counters.protocolErrors.total)"
        line += "  limit closes \(reports.byKind.values.reduce(0) { $0 + $1.closedByServer.values.reduce(0, +) })"
        return line
    }
}
