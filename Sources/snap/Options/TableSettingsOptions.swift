import ArgumentParser
import SnapCore

/// `--round` and `--turn-time`: the settings a new table starts with (`serve`, `host`, `solo`).
struct TableSettingsOptions: ParsableArguments {
    @Option(help: "How rounds end: 3, 5 or 10 (a quick round of that many minutes: the most cards wins when time is up) or classic (until one player holds all 52). A host can change it between rounds.")
    var round: RoundOption = .five

    @Option(help: ArgumentHelp(
        "Seconds the active player has to turn before the table turns for them (3–30), or off.",
        valueName: "seconds|off"))
    var turnTime = "8"

    func validate() throws {
        _ = try turnTimeValue()
    }

    /// The settings the options describe.
    var settings: TableSettings {
        TableSettings(roundLength: round.roundLength, turnTime: try? turnTimeValue())
    }

    private func turnTimeValue() throws -> Duration? {
        if turnTime.lowercased() == "off" { return nil }
        let range = TableSettings.turnTimeChoices
        guard let seconds = Int(turnTime), range.contains(.seconds(seconds)) else {
            throw ValidationError(
                "--turn-time must be a whole number of seconds from \(range.lowerBound.components.seconds) to \(range.upperBound.components.seconds), or off; got '\(turnTime)'.")
        }
        return .seconds(seconds)
    }
}
