import ArgumentParser
import Foundation
import SnapBench

/// `snap bench load`: tables of bots playing real rounds over real WebSocket connections, measured.
struct LoadBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load a Snap! server with tables of bots and measure latency, throughput, memory and CPU.",
        discussion: """
            Without --url, starts `snap serve` on a free loopback port in its own process (so that the bots' CPU is \
            not the server's) and stops it afterwards. Opens the tables evenly over --ramp seconds; each table's bots \
            host, join by code and play rounds as people would, turning about once a second and calling Snap! on \
            matches after a human reaction time, now and then wrongly. Then measures for --duration seconds: the \
            time from a bot's turn or call to its result reaching every seat at that table (HdrHistogram), packets \
            and bytes each way, the server's memory and CPU. Build with -c release for figures worth quoting.
            """
    )

    @OptionGroup var load: LoadOptions

    @Flag(help: "Also run the same load against the transport floor (a bare WebSocket server) and compare.")
    var baseline = false

    func validate() throws {
        if baseline, load.url != nil {
            throw ValidationError(
                "--baseline compares with a floor server started here, so it cannot be used with --url; "
                    + "run `snap bench baseline --url …` against a floor server (`snap bench floor-server`) instead.")
        }
    }

    func run() async throws {
        let executable = LoadOptions.executable
        var settings = load.settings
        let snap = try await LoadRun(
            server: .snap, settings: settings, url: load.url, executable: executable, progress: load.progress
        ).run()
        load.endProgress()
        guard baseline else {
            print(load.json ? try jsonLine(snap) : LoadReportTable.render(snap))
            return
        }
        // The floor's bots call as often as the Snap! bots did.
        if snap.turns > 0 { settings.floorCallChance = Double(snap.calls) / Double(snap.turns) / Double(settings.players) }
        let floor = try await LoadRun(server: .floor, settings: settings, executable: executable, progress: load.progress).run()
        load.endProgress()
        let comparison = LoadComparison(snap: snap, floor: floor)
        print(load.json ? try jsonLine(ComparisonJSON(comparison)) : LoadReportTable.render(comparison))
    }
}
