import SnapCore

extension TableScreen {
    /// The widest a help line may be: the box is 62 columns, a border and two spaces on the left, a space and a
    /// border on the right.
    static let helpTextWidth = 57

    /// The help text: the keys this person has and the rules in short, each line at most ``helpTextWidth`` wide.
    public var helpLines: [String] {
        let key = { (key: String, label: String) in "  " + key.padding(toLength: 13, withPad: " ", startingAt: 0) + label }
        var lines = [
            "Keys",
            key("Enter or t", "turn your top card (when it is your turn)"),
            key("Space or s", "call Snap! (any time during play)"),
            key("n", betweenRoundKeys.isEmpty ? "the host starts the next round" : "start the next round"),
        ]
        lines += betweenRoundKeys.map { key($0.key, $0.label + " (between rounds)") }
        lines += [
            key("?", "show or hide this help"),
            key("q", "quit (asks first); Ctrl-C quits at once"),
            "",
            "Rules",
            "  Players turn their top card in turn, clockwise. Two top",
            "  cards of the same value are a match: call Snap! first",
            "  and you win those open piles. A wrong call costs you a",
            "  card to every other player. Run out and you are out;",
            "  whoever holds all 52 cards wins. The number under a",
            "  pile is its count. A quick round ends when time is up:",
            "  most cards wins; the next correct Snap! breaks a tie.",
        ]
        return lines
    }

    func drawHelp(on frame: inout ScreenFrame) {
        let lines = helpLines
        let width = 62
        let height = min(lines.count + 4, 24)
        let left = (80 - width) / 2
        let top = (24 - height) / 2
        let border = colour ? CellStyle.plain.fg(.cyan) : .plain
        frame.box(row: top, column: left, width: width, height: height, style: border)
        frame.put(" Help ", row: top, centredOn: 40, style: border.bolded)
        for (offset, line) in lines.prefix(height - 4).enumerated() {
            let isHeading = !line.hasPrefix(" ") && !line.isEmpty
            frame.put(
                line.truncated(toWidth: TableScreen.helpTextWidth), row: top + 2 + offset, column: left + 3,
                style: isHeading ? .plain.bolded : .plain)
        }
        let footer = overlayPauses ? " Paused · any key closes " : " Any key closes "
        frame.put(footer, row: top + height - 1, centredOn: 40, style: border)
    }

    func drawQuitPrompt(on frame: inout ScreenFrame) {
        let width = 32
        let left = (80 - width) / 2
        let border = colour ? CellStyle.plain.fg(.yellow) : .plain
        frame.box(row: 8, column: left, width: width, height: 5, style: border)
        frame.put("Quit? (y/n)", row: 9, centredOn: 40, style: CellStyle.plain.bolded)
        let meanwhile = overlayPauses ? "The game is paused." : "The round goes on meanwhile."
        frame.put(meanwhile, row: 11, centredOn: 40, style: .plain.dimmed)
    }

    /// A QR code of the join link, black on white so that a phone reads it on a dark terminal too.
    func drawInvite(link: String, qr: [String], on frame: inout ScreenFrame) {
        let width = max(qr.map(\.count).max() ?? 0, link.count) + 6
        let height = qr.count + 5
        let left = (80 - width) / 2
        let top = max(1, (24 - height) / 2)
        let border = colour ? CellStyle.plain.fg(.cyan) : .plain
        frame.box(row: top, column: left, width: width, height: height, style: border)
        frame.put(" Scan to join ", row: top, centredOn: 40, style: border.bolded)
        let code = colour ? CellStyle.plain.fg(.black).bg(.white) : .plain
        for (offset, line) in qr.enumerated() {
            frame.put(line, row: top + 1 + offset, centredOn: 40, style: code)
        }
        frame.put(link, row: top + height - 3, centredOn: 40, style: .plain.bolded)
        frame.put(" any key closes ", row: top + height - 1, centredOn: 40, style: border)
    }

    func drawTooSmall(on canvas: inout Canvas) {
        let lines = [
            "Snap! needs a bigger window.",
            "Make the terminal at least \(TableScreen.minimumSize).",
            "It is \(size) now.",
            "q quits.",
        ]
        let top = max(0, (size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = line.truncated(toWidth: size.columns)
            canvas.put(
                text, row: top + offset, centredOn: size.columns / 2, style: offset == 1 ? .plain.bolded : .plain)
        }
    }
}
