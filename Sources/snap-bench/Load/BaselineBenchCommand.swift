import ArgumentParser
import SnapBench
import SnapCommandLine

/// `snap-bench baseline`: the same load as `snap-bench load`, on the transport floor alone.
struct BaselineBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Run the load of `snap-bench load` against the transport floor: the least server that plays Snap!.",
        discussion: """
            The floor (`snap-bench floor-server`) is a WebSocket server on the same framework, socket level and \
            settings as the Snap! server, with the same rules engine, sending the very same packets in the very \
            same WebSocket messages for every action — and nothing else a Snap! server does (no reconnection, \
            lobby, fair judging across networks, limits, recording or metrics). The same bots play on it. \
            `snap-bench load --baseline` runs both and prints the ratios.
            """
    )

    @OptionGroup var load: LoadOptions

    func run() async throws {
        let floor = try await LoadRun(
            server: .floor, settings: load.settings, url: load.url, executables: .current,
            progress: load.progress
        ).run()
        load.endProgress()
        print(load.json ? try jsonLine(floor) : LoadReportTable.render(floor))
    }
}
