import SnapCore

/// The words for a close call won by reaction time, as the terminal shows them: "Snap! — Ann, by 12 ms", and after
/// a photo finish the calls on one line: "Photo finish, Ann by 12 ms: Ann 230 ms −130 net · You 242 ms −10 net".
enum CallMargin {
    /// The line for `event` as `view` sees it, in `texts`' language; nil unless it is a judged call that beat another,
    /// or the photo finish of one.
    static func text(for event: TableEvent, in view: PlayerView, _ texts: TerminalTexts = .english) -> String? {
        switch event {
        case .callTimed(let seat, _, let margin?):
            return texts.text(
                "margin.call", you: seat == view.viewer, ["name": texts.name(of: seat, in: view), "ms": margin.millisecondsText])
        case .photoFinish(let finish):
            guard let winner = finish.entries.first, let margin = finish.margin else { return nil }
            // The two that were close: what fits the two lines of a notice (94 columns) with a head start each.
            let calls = finish.entries.prefix(2).map { entry in
                let name = texts.name(of: entry.seat, in: view)
                var words = [texts.text("terminal.photoFinish.call", ["name": name, "ms": entry.reaction.millisecondsText])]
                if entry.network >= .milliseconds(1) {
                    words.append(texts.text("terminal.photoFinish.network", ["ms": entry.network.millisecondsText]))
                }
                if entry.headStart > .zero {
                    words.append(texts.text("terminal.photoFinish.headStart", ["ms": entry.headStart.millisecondsText]))
                }
                return words.joined(separator: " ")
            }
            return texts.text(
                "terminal.photoFinish", you: winner.seat == view.viewer,
                [
                    "name": texts.name(of: winner.seat, in: view), "ms": margin.millisecondsText,
                    "calls": calls.joined(separator: " · "),
                ])
        default:
            return nil
        }
    }
}
