import SnapCore

extension TableSettings {
    /// The settings in a few words of `texts`' language: "Quick round: 5 min · 8 s a turn", "Classic round · no
    /// turn timer". SnapCore's ``TableSettings/summary`` stays English, for logs.
    func summary(in texts: TerminalTexts) -> String {
        let round = roundLength.timeLimit.map { limit in
            let minutes = Int(limit / .seconds(60))
            return texts.text("terminal.settings.quick", ["length": texts.text("round.minutes", count: minutes)])
        } ?? texts.text("terminal.settings.classic")
        let turn = turnTime.map {
            texts.text("terminal.settings.turnTime", ["seconds": String($0.components.seconds)])
        } ?? texts.text("terminal.settings.noTurnTimer")
        return round + " · " + turn
    }
}
