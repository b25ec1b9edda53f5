import ArgumentParser
import SnapCommandLine
import SnapCore
import SnapTerminal

/// `snap solo`: one person against Ray, Lucy and Steve in the terminal.
struct SoloCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solo",
        abstract: "Play Snap! in this terminal against three computer players.",
        discussion: """
            Keys: Enter or t turns your card when it is your turn; Space or s calls Snap!;
            n starts the next round after a win; r changes the round between rounds (quick 3, 5 or 10 minutes, or
            classic); ? shows help; q quits (after a confirmation).
            """
    )

    @Option(help: "Your name at the table (1–20 visible characters).")
    var name = "Player"

    @Option(help: "Speed factor for every delay: 2 plays twice as fast, 0.5 half as fast.")
    var speed = 1.0

    @OptionGroup var game: GameOptions

    @OptionGroup var tableSettings: TableSettingsOptions

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try validateSpeed(speed)
        try validateName(name)
    }

    func run() throws {
        try NoTerminal.requireTerminal(for: "snap solo")
        let seed = game.seed ?? UInt64.random(in: 0...UInt64.max)
        let solo = SoloGame(
            name: try PlayerName.validated(name),
            seed: seed,
            speed: speed,
            difficulty: game.difficulty,
            settings: tableSettings.settings,
            texts: try language.texts()
        )
        let status = solo.run()
        if status != 0 { throw ExitCode(status) }
    }
}
