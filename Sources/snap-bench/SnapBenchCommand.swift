import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

/// The bench's entry: chooses Swift Concurrency's executor as `snap` does, then runs the command.
@main
enum SnapBenchMain {
    static func main() async {
        // The same settings as snap's (docs/PERFORMANCE.md): the floor server and the load generators run here.
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["SNAP_EVENT_LOOPS"] {
            guard let loops = Int(text), (1...256).contains(loops) else {
                fail("SNAP_EVENT_LOOPS must be a whole number from 1 to 256 (event-loop threads); got '\(text)'.")
            }
            NIOSingletons.groupLoopCountSuggestion = loops
        }
        switch environment["SNAP_EXECUTOR"] {
        case nil, "swift": break
        case "nio":
            if !NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() {
                fail("SNAP_EXECUTOR=nio: NIO's event loops could not be made Swift's global executor here.")
            }
        case let other?: fail("SNAP_EXECUTOR must be swift (the default) or nio; got '\(other)'.")
        }
        await SnapBenchCommand.main()
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        exit(2)
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
