import ArgumentParser

/// `snap bench`: measure the game and the server on this machine.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Snap! on this machine (build with -c release for figures worth quoting).",
subcommands: [
            EngineBenchCommand.self, LoadBenchCommand.self, BaselineBenchCommand.self, FloorServerCommand.self,
            LatencyBenchCommand.self, FairnessBenchCommand.self, SoakBenchCommand.self, FloodBenchCommand.self,
            StoreBenchCommand.self, FailoverBenchCommand.self, LoadWorkerCommand.self,
        ]
    )
}
