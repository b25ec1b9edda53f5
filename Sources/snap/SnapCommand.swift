import ArgumentParser

/// `snap`: the Snap! card game — a server for everyone on the network, and terminal play.
@main
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
