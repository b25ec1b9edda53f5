import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

/// The program's entry: chooses Swift Concurrency's executor, then runs the command.
@main
enum SnapMain {
    static func main() async {
        // SNAP_EXECUTOR=swift keeps Swift's own thread pool; by default NIO's event loops run every task, which
        // saves a thread hop per packet (docs/PERFORMANCE.md has the figures).
        if let loops = ProcessInfo.processInfo.environment["SNAP_EVENT_LOOPS"].flatMap(Int.init), loops > 0 {
            NIOSingletons.groupLoopCountSuggestion = loops
        }
        if ProcessInfo.processInfo.environment["SNAP_EXECUTOR"] != "swift" {
            _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await SnapCommand.main()
    }
}

/// `snap`: the Snap! card game — a server for everyone on the network, and terminal play.
struct SnapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Snap!, the card game: race to call \"Snap!\" when two face-up cards match.",
        discussion: """
            Without a subcommand, snap starts a server (snap serve): open the address it prints in a browser.
            Play in this terminal alone with `snap solo`, host a table with `snap host`, or join one with `snap join`.
            """,
        subcommands: [
            ServeCommand.self, SoloCommand.self, HostCommand.self, JoinCommand.self, SimulateCommand.self,
            DecodeCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
