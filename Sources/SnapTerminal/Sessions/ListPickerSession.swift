/// A full-screen list to choose one entry from: the arrow keys move, Enter picks, q or Escape gives up.
struct ListPickerSession: ScreenSession {
    /// The heading.
    let title: String
    /// The entries, one line each.
    let entries: [String]
    /// What the keys do, shown at the bottom.
    let keyHint: String
    /// The entry under the cursor.
    private(set) var selected = 0
    /// The entry chosen with Enter; nil until then (and when given up).
    private(set) var chosen: Int?

    init(title: String, entries: [String], texts: TerminalTexts = .english) {
        self.title = title
        self.entries = entries
        keyHint = texts.text("terminal.picker.keys")
    }

    mutating func advance(to time: Duration) {}

    func lines(size: TerminalSize, colour: Bool, at time: Duration) -> [String] {
        var lines = [title.truncated(toWidth: size.columns), ""]
        // As many entries as fit, scrolled so that the selected one shows.
        let room = max(1, size.rows - 4)
        let first = max(0, min(selected - room + 1, entries.count - room))
        for index in entries.indices.dropFirst(first).prefix(room) {
            let marker = index == selected ? "▸ " : "  "
            let line = (marker + entries[index]).truncated(toWidth: size.columns)
            lines.append(index == selected && colour ? "\u{1B}[7m\(line)\u{1B}[0m" : line)
        }
        lines.append("")
        lines.append(keyHint.truncated(toWidth: size.columns))
        return lines
    }

    func wait(at time: Duration) -> Duration { .seconds(60) }

    mutating func handle(_ key: Key, at time: Duration) -> KeyOutcome {
        switch key {
        case .up, .character("k"):
            selected = max(0, selected - 1)
        case .down, .character("j"):
            selected = min(entries.count - 1, selected + 1)
        case .enter:
            chosen = selected
            return .quit(0)
        case .character("q"), .character("Q"), .escape, .endOfInput:
            return .quit(1)
        case .interrupt:
            return .quit(130)
        case .redraw:
            return .redraw
        default:
            break
        }
        return .play
    }
}
