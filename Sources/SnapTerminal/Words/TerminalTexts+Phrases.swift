import SnapCore

extension TerminalTexts {
    /// A seat's name as a sentence's subject uses it: the shared "You" for the viewer, else the player's name.
    func name(of seat: Seat, in view: PlayerView) -> String {
        seat == view.viewer ? text("player.you") : (view[seat]?.info.name ?? text("terminal.someone"))
    }

    /// Names in a list: "Ray, Lucy and Steve", as the language joins them.
    func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        let first = names.dropLast().joined(separator: text("terminal.list.separator"))
        return text("terminal.list.last", ["first": first, "last": last])
    }

    /// The shared text of a refusal's wire code (`error.<code>`), else `fallback` (the server's English message).
    func refusal(code: UInt16, fallback: String) -> String {
        catalogue.has("error.\(code)") ? text("error.\(code)") : fallback
    }

    /// Whether `key` answers yes to the quit prompt: y, or the language's own letter (j, o, s…).
    func isYes(_ key: Key) -> Bool {
        guard case .character(let character) = key else { return false }
        let letter = character.lowercased()
        return letter == "y" || letter == text("terminal.quit.yes").lowercased()
    }

    /// "Games won: Ray 1, Lucy 0, Steve 2, Ann 1." for the exit summaries.
    func gamesWon(in view: PlayerView) -> String {
        let scores = view.occupiedSeats.compactMap { view[$0].map { "\($0.info.name) \($0.gamesWon)" } }
        return text("terminal.exit.gamesWon", ["scores": scores.joined(separator: text("terminal.list.separator"))])
    }

    /// Minutes and seconds as a clock shows them: "4:05".
    static func clock(seconds: Int) -> String {
        let seconds = max(0, seconds)
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }
}

extension TerminalTexts {
    /// What is wrong with a typed deal code, in the person's language (the web page says the same).
    func dealProblem(_ error: DealCodeError) -> String {
        switch error {
        case .wrongLength(let count): text("deal.error.length", ["count": String(count)])
        case .notInACode(let character): text("deal.error.character", ["character": String(character)])
        }
    }
}
