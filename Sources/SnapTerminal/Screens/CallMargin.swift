import SnapCore

/// The words for a close call won by reaction time, as the terminal shows them: "Snap! — Ann, by 12 ms".
enum CallMargin {
    /// The line for `event` as `view` sees it, in `texts`' language; nil unless it is a judged call that beat another.
    static func text(for event: TableEvent, in view: PlayerView, _ texts: TerminalTexts = .english) -> String? {
        guard case .callTimed(let seat, _, let margin?) = event else { return nil }
        let milliseconds = margin.inSeconds * 1000
        let amount = milliseconds < 1 ? "<1" : "\(Int(milliseconds.rounded()))"
        return texts.text("margin.call", you: seat == view.viewer, ["name": texts.name(of: seat, in: view), "ms": amount])
    }
}
