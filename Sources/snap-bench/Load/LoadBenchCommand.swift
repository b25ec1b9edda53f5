import ArgumentParser
import Foundation
import SnapBench
import SnapCommandLine

/// `snap-bench load`: tables of bots playing real rounds over real WebSocket connections, measured.
struct LoadBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load a Snap! server with tables of bots and measure latency, throughput, memory and CPU.",
        discussion: """
            Without --url, starts `snap serve` on a free loopback port in its own process (so that the bots' CPU is \
            not the server's) and stops it afterwards. Opens the tables evenly over --ramp seconds; each table's bots \
            host, join by code and play rounds as people would, turning about once a second and calling Snap! on \
            matches after a human reaction time, now and then wrongly. Most tables are played by lean bots (one \
            channel handler each on shared event loops, keeping only what they need to play); one table in \
            --mirror-every by full clients that mirror the table and check its 52 cards and events. --generators K \
            runs the bots in K processes and adds up their figures. Then measures for --duration seconds: the \
            time from a bot's turn or call to its result reaching every seat at that table (HdrHistogram), packets \
            and bytes each way, the server's memory and CPU, and the generator's CPU. Build with -c release for \
            figures worth quoting. --url may be one node of a cluster or a load balancer in front of its nodes \
            (nginx's /ws): a bot asking for a table another node holds follows the Redirect there, as players' \
            clients do, and the report counts them.
            """
    )

    @OptionGroup var load: LoadOptions

    @Flag(help: "Also run the same load against the transport floor (the least server that plays Snap!) and compare.")
    var baseline = false

    @Option(
        help: ArgumentHelp(
            "With --baseline: run each server this many times, alternating which goes first, and pool their throughput.",
            discussion: "On a shared machine one run's CPU moves by a few percent, and the machine can slow down "
                + "between a comparison's two halves; Snap!, floor, floor, Snap!, … spreads that over both servers."))
    var pairs = 1

    @Flag(help: "Run the load twice — keeping no rounds, then keeping every round in a new SQLite file — and compare.")
    var recording = false

    func validate() throws {
        if recording, load.url != nil || baseline {
            throw ValidationError("--recording starts its own servers, so it cannot be used with --url or --baseline.")
        }
        guard (1...10).contains(pairs) else { throw ValidationError("--pairs must be between 1 and 10.") }
        if pairs > 1, !baseline {
            throw ValidationError("--pairs alternates Snap! with the floor, so it needs --baseline.")
        }
        if baseline, load.url != nil {
            throw ValidationError(
                "--baseline compares with a floor server started here, so it cannot be used with --url; "
                    + "run `snap-bench baseline --url …` against a floor server (`snap-bench floor-server`) instead.")
        }
    }

    func run() async throws {
        let executables = BenchExecutables.current
        let settings = load.settings
        if recording { return try await compareRecording(settings: settings, executables: executables) }
        if pairs > 1 { return try await compareInPairs(settings: settings, executables: executables) }
        let snap = try await LoadRun(
            server: .snap, settings: settings, url: load.url, executables: executables, progress: load.progress
        ).run()
        load.endProgress()
        guard baseline else {
            print(load.json ? try jsonLine(snap) : LoadReportTable.render(snap))
            return
        }
        let floor = try await LoadRun(server: .floor, settings: settings, executables: executables, progress: load.progress).run()
        load.endProgress()
        let comparison = LoadComparison(snap: snap, floor: floor)
        print(load.json ? try jsonLine(ComparisonJSON(comparison)) : LoadReportTable.render(comparison))
    }

    /// Snap! and the floor `pairs` times each, alternating which goes first, their throughput pooled.
    private func compareInPairs(settings: LoadSettings, executables: BenchExecutables) async throws {
        var comparisons: [LoadComparison] = []
        for index in 0..<pairs {
            var reports: [LoadRun.Server: LoadReport] = [:]
            let order: [LoadRun.Server] = LoadSeries.snapRunsFirst(inPair: index) ? [.snap, .floor] : [.floor, .snap]
            for server in order {
                reports[server] = try await LoadRun(
                    server: server, settings: settings, executables: executables, progress: load.progress
                ).run()
                load.endProgress()
            }
            comparisons.append(LoadComparison(snap: reports[.snap]!, floor: reports[.floor]!))
        }
        let series = LoadSeries(pairs: comparisons)
        print(load.json ? try jsonLine(SeriesJSON(series)) : LoadReportTable.render(series))
    }

    /// The same load on a server keeping no rounds and on one keeping them in a SQLite file: what recording costs.
    private func compareRecording(settings: LoadSettings, executables: BenchExecutables) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-load-recording-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.sqlite").path
        var off = settings
        off.serverOptions = ["--db", "none"] + Array(settings.serverOptions.drop(while: { $0 != "--judging" }))
        var on = settings
        on.serverOptions = ["--db", file] + Array(settings.serverOptions.drop(while: { $0 != "--judging" }))
        let withoutReport = try await LoadRun(server: .snap, settings: off, executables: executables, progress: load.progress).run()
        load.endProgress()
        let withReport = try await LoadRun(server: .snap, settings: on, executables: executables, progress: load.progress).run()
        load.endProgress()
        let cost = RecordingCost(off: withoutReport, on: withReport, fileBytes: StoreBenchmark.bytesOnDisk(file))
        print(load.json ? try jsonLine(cost) : cost.table)
    }
}

/// What keeping every round cost a loaded server: its CPU per action and its p99, without and with.
struct RecordingCost: Encodable {
    var recordingOff: LoadReport
    var recordingOn: LoadReport
    /// Server CPU milliseconds per thousand actions, without and with recording.
    var cpuMsPerThousandActionsOff: Double?
    var cpuMsPerThousandActionsOn: Double?
    /// on / off − 1, e.g. 0.03 for 3 % more.
    var cpuPerActionCost: Double?
    var latencyP99Cost: Double?
    /// The SQLite file's size at the end (write-ahead log included).
    var fileBytes: Int

    init(off: LoadReport, on: LoadReport, fileBytes: Int) {
        recordingOff = off
        recordingOn = on
        func perAction(_ report: LoadReport) -> Double? {
            guard let cpu = report.serverCpuSecondsPerSecond, report.actionsPerSecond > 0 else { return nil }
            return cpu / report.actionsPerSecond * 1_000_000
        }
        cpuMsPerThousandActionsOff = perAction(off)
        cpuMsPerThousandActionsOn = perAction(on)
        if let a = cpuMsPerThousandActionsOff, let b = cpuMsPerThousandActionsOn, a > 0 { cpuPerActionCost = b / a - 1 }
        if off.latencyMs.p99 > 0 { latencyP99Cost = on.latencyMs.p99 / off.latencyMs.p99 - 1 }
        self.fileBytes = fileBytes
    }

    var table: String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%+.1f %%", $0 * 100) } ?? "n/a" }
        func number(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "n/a" }
        return """
            Without recording (--db none):
            \(LoadReportTable.render(recordingOff))

            Keeping every round (--db FILE):
            \(LoadReportTable.render(recordingOn))

            Recording cost
              server CPU ms per 1,000 actions   \(number(cpuMsPerThousandActionsOff)) → \(number(cpuMsPerThousandActionsOn))  (\(percent(cpuPerActionCost)))
              p99 action → every seat           \(String(format: "%.2f", recordingOff.latencyMs.p99)) ms → \(String(format: "%.2f", recordingOn.latencyMs.p99)) ms  (\(percent(latencyP99Cost)))
              rounds finished while recording   \(recordingOn.rounds); SQLite file \(fileBytes) bytes
            """
    }
}
