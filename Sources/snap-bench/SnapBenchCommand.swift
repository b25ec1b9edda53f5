import ArgumentParser
import Foundation
import SnapCommandLine

/// The bench's entry: chooses Swift Concurrency's executor as `snap` does, then runs the command.
@main
enum SnapBenchMain {
    static func main() async {
        // The same settings as snap's (docs/PERFORMANCE.md): the floor server and the load generators run here.
        ProcessSettings.apply()
        await SnapBenchCommand.main()
    }
}

/// `snap-bench`: measure the game and the server on this machine. `snap bench …` runs it too.
struct SnapBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-bench",
        abstract: "Measure Snap! on this machine (build with -c release for figures worth quoting).",
        discussion: """
            Benches that need a game server start `snap serve` from the snap executable beside this one; \
            `swift build` builds both.
            """,
        subcommands: [
            EngineBenchCommand.self, LoadBenchCommand.self, BaselineBenchCommand.self, FloorServerCommand.self,
            LatencyBenchCommand.self, FairnessBenchCommand.self, SoakBenchCommand.self, FloodBenchCommand.self,
            StoreBenchCommand.self, FailoverBenchCommand.self, LoadWorkerCommand.self,
        ]
    )
}
