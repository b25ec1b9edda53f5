import SnapCore

/// The words for a close call won by reaction time, as the terminal shows them: "Snap! — Ann, by 12 ms", and after
/// a photo finish the calls on one line: "Photo finish, Ann by 12 ms: Ann 230 ms −130 net · you 242 ms −10 net".
enum CallMargin {
    /// The line for `event` as `view` sees it, in `texts`' language; nil unless it is a judged call that beat another,
    /// or the photo finish of one.
    static func text(for event: TableEvent, in view: PlayerView, _ texts: TerminalTexts = .english) -> String? {
        switch event {
        case .callTimed(let seat, _, let margin?):
            return texts.text("margin.call", you: seat == view.viewer, ["name": texts.name(of: seat, in: view), "ms": milliseconds(margin)])
        case .photoFinish(let finish):
            guard let winner = finish.entries.first, let margin = finish.margin else { return nil }
            // The two that were close: what fits the two lines of a notice (94 columns) with a head start each.
            let calls = finish.entries.prefix(2).map { entry in
                var words = [texts.text("terminal.photoFinish.call", ["name": texts.name(of: entry.seat, in: view), "ms": milliseconds(entry.reaction)])]
                if entry.network >= .milliseconds(1) {
                    words.append(texts.text("terminal.photoFinish.network", ["ms": milliseconds(entry.network)]))
                }
                if entry.headStart > .zero {
                    words.append(texts.text("terminal.photoFinish.headStart", ["ms": milliseconds(entry.headStart)]))
                }
                return words.joined(separator: " ")
            }
            return texts.text(
                "terminal.photoFinish", you: winner.seat == view.viewer,
                ["name": texts.name(of: winner.seat, in: view), "ms": milliseconds(margin), "calls": calls.joined(separator: " · ")])
        default:
            return nil
        }
    }

    /// Whole milliseconds, rounded; "<1" below one.
    private static func milliseconds(_ duration: Duration) -> String {
        let milliseconds = duration.inSeconds * 1000
        return milliseconds < 1 ? "<1" : "\(Int(milliseconds.rounded()))"
    }
}
