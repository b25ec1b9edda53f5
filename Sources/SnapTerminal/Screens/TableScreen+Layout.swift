import SnapCore

extension TableScreen {
    /// Where a seat is drawn in the 80×24 frame.
    struct Place {
        /// The row of the name line; the cards follow below it, then the counts.
        var row: Int
        /// The column of the closed pile; the open pile is 6 columns to the right.
        var column: Int
        /// Where the name line and the bubble line up.
        var alignment: Alignment
        /// Where the "Snap!" bubble goes.
        var bubble: (row: Int, column: Int)

        enum Alignment { case leading, centred, trailing }
    }

    static let cardsWidth = 11

    func place(for shown: Seat) -> Place {
        switch shown {
        case .top: Place(row: 2, column: 34, alignment: .centred, bubble: (4, 47))
        case .left: Place(row: 8, column: 2, alignment: .leading, bubble: (13, 2))
        case .right: Place(row: 8, column: 67, alignment: .trailing, bubble: (13, 77))
        case .bottom: Place(row: 14, column: 34, alignment: .centred, bubble: (16, 47))
        }
    }

    func draw(on frame: inout ScreenFrame) {
        drawTitle(on: &frame)
        for seat in view.occupiedSeats {
            drawSeat(seat, on: &frame)
        }
        drawCentre(on: &frame)
        drawBanner(on: &frame)
        drawCues(on: &frame)
        drawKeys(on: &frame)
        switch overlay {
        case .none: break
        case .help: drawHelp(on: &frame)
        case .quitPrompt: drawQuitPrompt(on: &frame)
        case .removePrompt(let choices): drawRemovePrompt(choices: choices, on: &frame)
        case .dealPrompt(let typed, let problem): drawDealPrompt(typed: typed, problem: problem, on: &frame)
        case .invite(let link, let qr): drawInvite(link: link, qr: qr, on: &frame)
        case .networkTimes(let lines): drawNetworkTimes(lines, on: &frame)
        }
    }

    func drawTitle(on frame: inout ScreenFrame) {
        let bar = CellStyle.plain.fg(.black).bg(.green)
        // In a wider terminal the bar spans the whole width, not just the frame.
        frame.fill(row: 0, column: -frame.left, width: size.columns, height: 1, style: bar)
        frame.put(" Snap!" + (isWatching ? " · " + texts.text("terminal.title.watching") : ""), row: 0, column: 0, style: bar.bolded)
        var round = view.round > 0 ? texts.text("terminal.title.round", ["round": String(view.round)]) : texts.text("terminal.title.waiting")
        if let clock = roundClockText { round += " · " + clock }
        if overlay != .none, overlayPauses { round += " · " + texts.text("terminal.title.paused") }
        // The last minute, and what comes after it, stands out.
        let lastMinute = roundTimeLeft.map { $0 <= .seconds(60) } ?? false || view.timeIsUp
        let style = lastMinute && view.phase == .playing ? CellStyle.plain.fg(.white).bg(.red).bolded : bar.bolded
        frame.put(" \(round) ", row: 0, centredOn: 40, style: style)
        var details = [String]()
        if let difficulty { details.append(texts.text("terminal.difficulty." + difficulty.rawValue)) }
        if watchers > 0 { details.append(texts.text("table.watchers", count: watchers)) }
        frame.put(details.joined(separator: " · ") + " ", row: 0, endingAt: 79, style: bar)
        if !colour {
            frame.put(String(repeating: "─", count: 80), row: 1, column: 0)
        }
    }

    func drawSeat(_ seat: Seat, on frame: inout ScreenFrame) {
        guard let player = view[seat] else { return }
        let place = place(for: seat.shown(from: view.viewer ?? .bottom))
        let isOut = view.isOut(seat)
        let isActive = view.active == seat && view.phase == .playing

        // The name line: marker, name, games won.
        var name = player.info.name
        if seat == view.viewer { name = texts.text("lobby.you", ["name": name]) }
        let marker = isActive ? "▶ " : ""
        let headStart = view.settings.headStart(for: seat)
        let headStartTag = headStart == .zero ? "" : "  " + texts.text("headStart.tag", ["ms": String(headStart.milliseconds)])
        let won = headStartTag + "  " + texts.text("table.wins", count: player.gamesWon)
        let out = isOut ? "  " + texts.text("tag.out") : ""
        let width = (marker + name + won + out).terminalWidth
        var x: Int
        switch place.alignment {
        case .leading: x = place.column
        case .centred: x = place.column + TableScreen.cardsWidth / 2 - width / 2
        case .trailing: x = place.column + TableScreen.cardsWidth - width
        }
        let nameStyle = isActive ? CellStyle.plain.fg(.yellow).bolded : CellStyle.plain.bolded
        x = frame.put(marker + name, row: place.row, column: x, style: isOut ? .plain.dimmed : nameStyle)
        x = frame.put(won, row: place.row, column: x, style: .plain.dimmed)
        frame.put(out, row: place.row, column: x, style: CellStyle.plain.fg(.red).bolded)

        // The piles.
        let closedCount = shownClosedCount(seat)
        let top = dealProgress == nil ? player.topOpen : nil
        let isMatching = calledMatch.contains(seat)
        drawClosedPile(count: closedCount, row: place.row + 1, column: place.column, on: &frame)
        drawOpenPile(top: top, matching: isMatching, row: place.row + 1, column: place.column + 6, on: &frame)
        let counts = CellStyle.plain.dimmed
        frame.put(String(closedCount), row: place.row + 4, centredOn: place.column + 2, style: counts)
        frame.put(
            String(top == nil ? 0 : player.open.count), row: place.row + 4, centredOn: place.column + 8, style: counts)

        drawBubble(for: seat, at: place, on: &frame)
    }

    /// The closed count, or during the deal animation the cards dealt so far.
    func shownClosedCount(_ seat: Seat) -> Int {
        let actual = view[seat]?.closedCount ?? 0
        guard let progress = dealProgress, let starter = view.startingSeat else { return actual }
        let order = ([starter] + starter.clockwiseAfter.dropLast()).filter { view[$0] != nil }
        guard let position = order.firstIndex(of: seat) else { return actual }
        let dealt = Int((Double(Deck.size) * min(max(progress, 0), 1)).rounded(.down))
        let count = dealt > position ? (dealt - position + order.count - 1) / order.count : 0
        return min(count, actual)
    }

    func drawClosedPile(count: Int, row: Int, column: Int, on frame: inout ScreenFrame) {
        if count == 0 {
            drawEmptySpace(row: row, column: column, on: &frame)
            return
        }
        let back = CellStyle.plain.fg(.blue)
        frame.put("┌───┐", row: row, column: column, style: back)
        frame.put("│░░░│", row: row + 1, column: column, style: back)
        frame.put("└───┘", row: row + 2, column: column, style: back)
    }

    func drawOpenPile(top: Card?, matching: Bool, row: Int, column: Int, on frame: inout ScreenFrame) {
        guard let top else {
            drawEmptySpace(row: row, column: column, on: &frame)
            return
        }
        let face = CellStyle.plain.fg(.black).bg(.white)
        let edge = matching ? face.fg(.red).bolded : face
        var label = top.description
        if label.terminalWidth < 3 { label += " " }
        frame.put(matching ? "╔═══╗" : "┌───┐", row: row, column: column, style: edge)
        frame.put(matching ? "║" : "│", row: row + 1, column: column, style: edge)
        frame.put(label, row: row + 1, column: column + 1, style: face.fg(top.suit.isRed ? .red : .black).bolded)
        frame.put(matching ? "║" : "│", row: row + 1, column: column + 4, style: edge)
        frame.put(matching ? "╚═══╝" : "└───┘", row: row + 2, column: column, style: edge)
    }

    func drawEmptySpace(row: Int, column: Int, on frame: inout ScreenFrame) {
        let faint = CellStyle.plain.dimmed
        frame.put("┌┄┄┄┐", row: row, column: column, style: faint)
        frame.put("┆   ┆", row: row + 1, column: column, style: faint)
        frame.put("└┄┄┄┘", row: row + 2, column: column, style: faint)
    }

    /// The "Snap!" bubble for the seat's call since the last turned card, with its verdict.
    func drawBubble(for seat: Seat, at place: Place, on frame: inout ScreenFrame) {
        let calls = view.calls.filter { $0.seat == seat }
        guard let call = calls.first(where: { $0.verdict != .tooLate }) ?? calls.first else { return }
        let bubble = "«Snap!»"
        let mark: String
        let markStyle: CellStyle
        switch call.verdict {
        case .correct:
            mark = "☺"
            markStyle = CellStyle.plain.fg(.green).bolded
        case .wrong:
            mark = "✗"
            markStyle = CellStyle.plain.fg(.red).bolded
        case .tooLate:
            mark = texts.text("bubble.tooLate")
            markStyle = CellStyle.plain.fg(.yellow)
        case .falseStart:
            mark = texts.text("bubble.falseStart")
            markStyle = CellStyle.plain.fg(.red)
        }
        let width = (bubble + " " + mark).terminalWidth
        let x = place.alignment == .trailing ? place.bubble.column - width + 1 : place.bubble.column
        let next = frame.put(
            bubble, row: place.bubble.row, column: x, style: CellStyle.plain.fg(.white).bg(.magenta).bolded)
        frame.put(" " + mark, row: place.bubble.row, column: next, style: markStyle)
    }

    func drawCentre(on frame: inout ScreenFrame) {
        let status = shownStatus
        let style: CellStyle
        switch status {
        case .yourTurn where viewerHasTurned: style = CellStyle.plain.bolded
        case .yourTurn: style = CellStyle.plain.fg(.green).bolded
        case .mustPay: style = CellStyle.plain.fg(.red).bolded
        case .receivesCards, .youReceiveCards: style = CellStyle.plain.fg(.cyan).bolded
        case .winner: style = CellStyle.plain.fg(.magenta).bolded
        default: style = CellStyle.plain.bolded
        }
        frame.put(statusText.truncated(toWidth: 50), row: 10, centredOn: 40, style: style)
        if case .roundOver = view.phase {
            // The round's deal code (RULES.md), and for the host the key to go on.
            let deal = view.deal.map { texts.text("deal.code", ["code": $0.description]) }
            let next = view.host == view.viewer ? texts.text("terminal.pressNextRound") : nil
            let line = [deal, next].compactMap { $0 }.joined(separator: "  ·  ")
            frame.put(line.truncated(toWidth: 50), row: 11, centredOn: 40, style: .plain.dimmed)
        }
        if let hint {
            // Up to two lines between the side seats: 50 columns between their counts, then 44 between their
            // bubbles; a longer language's notice is wrapped rather than cut.
            let first = hint.wrapped(toWidth: 50).first ?? ""
            let rest = hint.dropFirst(first.count).drop { $0 == " " }
            frame.put(first, row: 12, centredOn: 40, style: CellStyle.plain.fg(.yellow))
            frame.put(String(rest).truncated(toWidth: 44), row: 13, centredOn: 40, style: CellStyle.plain.fg(.yellow))
        }
    }

    func drawBanner(on frame: inout ScreenFrame) {
        for (offset, line) in banner.prefix(3).enumerated() {
            frame.put(line.truncated(toWidth: 76), row: 19 + offset, centredOn: 40, style: offset == 0 ? .plain.bolded : .plain)
        }
    }

    func drawCues(on frame: inout ScreenFrame) {
        // Under the banner, never over it: between rounds the banner stays and the cues take the rows left.
        let firstFree = banner.isEmpty ? 20 : 19 + min(banner.count, 3)
        let shown = cues.suffix(max(0, min(3, 23 - firstFree)))
        for (offset, cue) in shown.enumerated() {
            let isNewest = offset == shown.count - 1
            frame.put(
                "· " + cue.truncated(toWidth: 74), row: 23 - shown.count + offset, column: 3,
                style: isNewest ? .plain : .plain.dimmed)
        }
    }

    func drawKeys(on frame: inout ScreenFrame) {
        let keys = keys ?? TableScreen.playingKeys(texts)
        // Three spaces between hints where they fit in the 79 columns after the margin, fewer where a language's
        // words are longer; the last label is cut rather than the line overflowing.
        let words: Int = keys.reduce(0) { $0 + "[\($1.key)] \($1.label)".terminalWidth }
        let gaps = max(0, keys.count - 1)
        let gap: Int = [3, 2, 1].first { (gap: Int) -> Bool in words + gap * gaps <= 79 } ?? 1
        var x = 1
        for (index, hint) in keys.enumerated() {
            if colour {
                x = frame.put(" \(hint.key) ", row: 23, column: x, style: .plain.inverted)
            } else {
                x = frame.put("[\(hint.key)]", row: 23, column: x)
            }
            let label = " " + hint.label
            x = frame.put(label.truncated(toWidth: max(0, 80 - x)), row: 23, column: x)
            if index < keys.count - 1 { x += gap }
        }
    }
}
