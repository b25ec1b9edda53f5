import SnapCore

extension TableScreen {
    /// The widest a help line may be: the box is ``helpBoxWidth`` columns, a border and two spaces on the left, a
    /// space and a border on the right.
    static let helpTextWidth = helpBoxWidth - 5

    /// The help box's width: wide enough for the host's keys and the rules in short to fit 24 rows in every language.
    static let helpBoxWidth = 76

    /// The width of the help's key column: the longest key name ("Enter or t") and a space, at least 13 columns.
    private var helpKeyWidth: Int {
        let names = ["terminal.help.key.turn", "terminal.help.key.snap"].map { texts.text($0).terminalWidth }
        return max(13, (names.max() ?? 0) + 2)
    }

    /// The help text: the keys this person has and the rules in short, each line at most ``helpTextWidth`` wide
    /// by terminal width (the rules wrapped between words, or between characters in Japanese).
    public var helpLines: [String] {
        let keyWidth = helpKeyWidth
        // A label too long for its line goes on under itself, in the label column.
        let key = { (key: String, label: String) -> [String] in
            let labels = label.wrapped(toWidth: TableScreen.helpTextWidth - 2 - keyWidth)
            return labels.enumerated().map { index, line in
                "  " + (index == 0 ? key : "").padded(toWidth: keyWidth) + line
            }
        }
        var lines = [texts.text("terminal.help.keys")]
        lines += key(texts.text("terminal.help.key.turn"), texts.text("terminal.help.turn"))
        lines += key(texts.text("terminal.help.key.snap"), texts.text("terminal.help.snap"))
        lines += key("n", texts.text(betweenRoundKeys.isEmpty ? "terminal.help.hostStarts" : "terminal.help.startNext"))
        // The bar under the table says ? is help; its line here gives way to f, so that the help fits 24 rows.
        lines += key("f", texts.text("terminal.help.network"))
        lines += key("q", texts.text("terminal.help.quit"))
        if !betweenRoundKeys.isEmpty {
            lines.append(texts.text("terminal.help.betweenRounds"))
            for hint in betweenRoundKeys { lines += key(hint.key, hint.label) }
        }
        // The rules' heading, bold, sets them apart: no blank line before it, so that the help fits 24 rows in every
        // language.
        lines += [texts.text("terminal.help.rules")]
        lines += texts.text("terminal.help.rulesText").wrapped(toWidth: TableScreen.helpTextWidth - 2).map { "  " + $0 }
        return lines
    }

    func drawHelp(on frame: inout ScreenFrame) {
        let lines = helpLines
        let width = TableScreen.helpBoxWidth
        // A blank row inside the border above and below the text, unless a language needs those rows for words;
        // the title bar stays visible above the box.
        let padding = lines.count + 4 <= 23 ? 1 : 0
        let height = min(lines.count + 2 + 2 * padding, 23)
        let left = (80 - width) / 2
        let top = max(1, (24 - height) / 2)
        let border = colour ? CellStyle.plain.fg(.cyan) : .plain
        frame.box(row: top, column: left, width: width, height: height, style: border)
        frame.put(" " + texts.text("terminal.help.title") + " ", row: top, centredOn: 40, style: border.bolded)
        for (offset, line) in lines.prefix(height - 2 - 2 * padding).enumerated() {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            frame.put(
                line.truncated(toWidth: TableScreen.helpTextWidth), row: top + 1 + padding + offset, column: left + 3,
                style: isHeading ? .plain.bolded : .plain)
        }
        let footer = texts.text(overlayPauses ? "terminal.help.footer.paused" : "terminal.help.footer")
        frame.put(" " + footer.truncated(toWidth: width - 4) + " ", row: top + height - 1, centredOn: 40, style: border)
    }

    /// The quit prompt's two lines: the question and what happens to the round meanwhile.
    var quitPromptLines: [String] {
        [
            texts.text("terminal.quit.prompt", ["yes": texts.text("terminal.quit.yes")]),
            texts.text(overlayPauses ? "terminal.quit.paused" : "terminal.quit.goesOn"),
        ]
    }

    func drawQuitPrompt(on frame: inout ScreenFrame) {
        drawPrompt([(quitPromptLines[0], 9, .plain.bolded), (quitPromptLines[1], 11, .plain.dimmed)], height: 5, on: &frame)
    }

    /// A question in a yellow box from row 8, `height` rows high: each line centred on its row, in its style.
    private func drawPrompt(_ lines: [(text: String, row: Int, style: CellStyle)], height: Int, on frame: inout ScreenFrame) {
        let shown = lines.map { $0.text.truncated(toWidth: 74) }
        // At least as wide as it always was; wider where a language's words need it.
        let width = max(32, (shown.map(\.terminalWidth).max() ?? 0) + 6)
        let border = colour ? CellStyle.plain.fg(.yellow) : .plain
        frame.box(row: 8, column: (80 - width) / 2, width: width, height: height, style: border)
        for (text, line) in zip(shown, lines) { frame.put(text, row: line.row, centredOn: 40, style: line.style) }
    }

    /// The host's question: which player to remove, with each one's key, and how not to.
    func drawRemovePrompt(choices: String, on frame: inout ScreenFrame) {
        drawPrompt([
            (texts.text("terminal.remove.prompt"), 9, .plain.bolded), (choices, 10, .plain),
            (texts.text("terminal.remove.cancel"), 12, .plain.dimmed),
        ], height: 6, on: &frame)
    }

    /// The host's question: which deal to play, the code typed so far (with a cursor), what is wrong with it once
    /// Enter was pressed, and how to go on.
    func drawDealPrompt(typed: String, problem: String?, on frame: inout ScreenFrame) {
        let error = colour ? CellStyle.plain.fg(.red) : CellStyle.plain
        drawPrompt([
            (texts.text("terminal.deal.prompt"), 9, .plain.bolded), (typed + "_", 10, .plain),
            (problem ?? "", 11, error), (texts.text("terminal.deal.keys"), 12, .plain.dimmed),
        ], height: 6, on: &frame)
    }

    /// A cyan box centred on the 80×24 frame, `width` × `height`, with `title` in its top border and `closing` (how to
    /// close it) in its bottom one; returns its top-left corner.
    private func drawTitledBox(
        title: String, closing: String, width: Int, height: Int, on frame: inout ScreenFrame
    ) -> (top: Int, left: Int) {
        let left = (80 - width) / 2
        let top = max(1, (24 - height) / 2)
        let border = colour ? CellStyle.plain.fg(.cyan) : .plain
        frame.box(row: top, column: left, width: width, height: height, style: border)
        frame.put(" " + title + " ", row: top, centredOn: 40, style: border.bolded)
        frame.put(" " + closing.truncated(toWidth: width - 4) + " ", row: top + height - 1, centredOn: 40, style: border)
        return (top, left)
    }

    /// A QR code of the join link, black on white so that a phone reads it on a dark terminal too.
    func drawInvite(link: String, qr: [String], on frame: inout ScreenFrame) {
        let title = texts.text("terminal.invite.title")
        let width = min(80, max(qr.map(\.terminalWidth).max() ?? 0, link.terminalWidth, title.terminalWidth + 2) + 6)
        let height = qr.count + 5
        let (top, _) = drawTitledBox(
            title: title, closing: texts.text("terminal.invite.close"), width: width, height: height, on: &frame)
        let code = colour ? CellStyle.plain.fg(.black).bg(.white) : .plain
        for (offset, line) in qr.enumerated() {
            frame.put(line, row: top + 1 + offset, centredOn: 40, style: code)
        }
        frame.put(link.truncated(toWidth: width - 2), row: top + height - 3, centredOn: 40, style: .plain.bolded)
    }

    /// Every player's network time as the judge sees it (RULES.md, "Network time"), a line each, and how to close.
    func drawNetworkTimes(_ lines: [String], on frame: inout ScreenFrame) {
        let title = texts.text("terminal.network.title")
        let about = texts.text("terminal.network.about")
        let shown = (lines + ["", about]).map { $0.truncated(toWidth: 72) }
        let width = min(78, max(title.terminalWidth + 2, shown.map(\.terminalWidth).max() ?? 0) + 6)
        let (top, left) = drawTitledBox(
            title: title, closing: texts.text("terminal.network.close"), width: width, height: shown.count + 4,
            on: &frame)
        for (offset, line) in shown.enumerated() {
            frame.put(line, row: top + 2 + offset, column: left + 3, style: line == about ? .plain.dimmed : .plain)
        }
    }

    func drawTooSmall(on canvas: inout Canvas) {
        let lines = [
            texts.text("terminal.tooSmall.title"),
            texts.text("terminal.tooSmall.needed", ["size": TableScreen.minimumSize.description]),
            texts.text("terminal.tooSmall.now", ["size": size.description]),
            texts.text("terminal.tooSmall.quit"),
        ]
        let top = max(0, (size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = line.truncated(toWidth: size.columns)
            canvas.put(
                text, row: top + offset, centredOn: size.columns / 2, style: offset == 1 ? .plain.bolded : .plain)
        }
    }
}
