import ArgumentParser
import SnapProtocol
import Foundation
import SnapCommandLine

/// The program's entry: chooses Swift Concurrency's executor, then runs the command.
@main
enum SnapMain {
    static func main() async {
        ProcessSettings.apply()
        await SnapCommand.main()
    }
}

/// `snap`: the Snap! card game — a server for everyone on the network, and terminal play.
struct SnapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Snap!, the card game: race to call \"Snap!\" when two face-up cards match.",
        usage: """
            snap [--host <host>] [--port <port>] [--name <name>] [--speed <speed>] [--grace <grace>]
                 [--difficulty <difficulty>] [--seed <seed>] [--log-level <log-level>]
                 [--judging <judging>] [--max-compensation <max-compensation>] [--false-start-ms <false-start-ms>]
                 [--round <round>] [--turn-time <seconds|off>] [--no-qr]
                 [--max-connections <n>] [--max-connections-per-address <n>]
                 [--connection-rate-per-address <n>] [--max-tables <n>]
                 [--max-tables-per-address <n>] [--max-watchers <n>] [--outbox-limit <kib>] [--db <path|url>]
                 [--db-timeout <seconds>] [--trusted-proxy <addr> ...] [--node-url <url>] [--lease <seconds>]
              snap <subcommand>
            """,
        discussion: """
            Plain snap starts a server, as snap serve does, and takes the same options (snap serve --help says what \
            each does). Open the address it prints in a browser.

            Play in this terminal alone with `snap solo`, host a table with `snap host`, or join one with `snap join` \
            (which finds the servers on this network by itself; `snap servers` lists them), or watch one with \
            `snap watch [ADDRESS] CODE`.
            """,
        version: "snap \(SnapRelease.description)",
        subcommands: [
            ServeCommand.self, SoloCommand.self, HostCommand.self, JoinCommand.self, WatchCommand.self, ServersCommand.self,
            HistoryCommand.self, ReplayCommand.self, SimulateCommand.self,
            DecodeCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
