import ArgumentParser

/// `snap`: play Snap! alone against the computer, or simulate games.
@main
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Snap!, the card game: race to call \"Snap!\" when two face-up cards match.",
        discussion: """
            Play alone against Ray, Lucy and Steve with `snap solo`.
            Keys in the game: Enter or t turns your card, Space or s calls Snap!, n starts the next round,
            ? shows help, q quits.
            """,
        subcommands: [SoloCommand.self, SimulateCommand.self]
    )
}
