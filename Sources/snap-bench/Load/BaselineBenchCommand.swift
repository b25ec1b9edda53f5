import ArgumentParser
import SnapBench
import SnapCommandLine

/// `snap-bench baseline`: the same load as `snap-bench load`, on the transport floor alone.
struct BaselineBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Run the load of `snap-bench load` against a bare WebSocket server: the transport floor.",
        discussion: """
            The floor (`snap-bench floor-server`) is a WebSocket server on the same framework and settings as the \
            Snap! server with no game in it: each turn or call is fanned out to the four seats of its group with \
            Snap!'s frame sizes, and each turn is followed by an activation after Snap!'s next-player delay. \
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
