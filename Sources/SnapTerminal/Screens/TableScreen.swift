import SnapCore

/// One frame of the Snap! table as terminal lines: a pure function of what a player sees.
///
/// The viewer sits at the bottom, the others to the left, top and right. Each seat shows its name, games
/// won, a face-down closed pile with its count and the open pile's top card; the active player is marked
/// with ▶, calls get a "Snap!" bubble with their verdict, and the centre shows the status line. Nothing on the
/// screen says that two cards match until a call has been judged: spotting it is the game. No I/O:
/// ``render()`` returns exactly ``size`` rows of text, with ANSI colours only when ``colour`` is on.
public struct TableScreen: Hashable, Sendable {
    /// A box drawn over the table.
    public enum Overlay: Hashable, Sendable {
        /// Just the table.
        case none
        /// The keys and a short summary of the rules.
        case help
        /// "Quit? (y/n)".
        case quitPrompt
        /// How others join, for phones: `qr` is a QR code of `link` in half-block lines (``QRCode``).
        case invite(link: String, qr: [String])
    }

    /// The smallest terminal the table fits in.
    public static let minimumSize = TerminalSize(columns: 80, rows: 24)

    /// What the player sees of the table.
    public var view: PlayerView
    /// The terminal's size; the frame is centred in it.
    public var size: TerminalSize
    /// Whether to use ANSI colours and attributes. Off (NO_COLOR), the lines hold no escape codes at all.
    public var colour: Bool
    /// The seed the table was shuffled with: a player does not need it during the game, so it is not drawn (the
    /// summary after a single-player game says it, for replaying).
    public var seed: UInt64?
    /// The computer players' difficulty, shown in the title bar.
    public var difficulty: Difficulty?
    /// The movement log, oldest first; the last three lines are shown.
    public var cues: [String]
    /// A short message for the player, such as why a key did nothing.
    public var hint: String?
    /// The box drawn over the table.
    public var overlay: Overlay
    /// While dealing: how far the deal animation has got, from 0 to 1.
    public var dealProgress: Double?
    /// Up to three lines under the table, such as the code to share in a waiting room.
    public var banner: [String]
    /// A quick round's time left, while its clock runs: shown in the title bar.
    public var roundTimeLeft: Duration?
    /// The active player's time left to turn, while their turn timer runs: counted down in the status line for
    /// the last ``turnCountdownFrom``.
    public var turnTimeLeft: Duration?

    /// A key and what it does, as the bottom line lists them.
    public struct KeyHint: Hashable, Sendable {
        public var key: String
        public var label: String

        public init(_ key: String, _ label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The keys of a game at the table.
    public static let playingKeys = [
        KeyHint("Enter", "turn"), KeyHint("Space", "Snap!"), KeyHint("n", "next round"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]

    /// The keys listed on the bottom line.
    public var keys: [KeyHint] = TableScreen.playingKeys

    /// The keys that only do something between rounds, as the help lists them for this person: none for a guest,
    /// the round's length in single-player, and computer players, the round and the QR code for a host.
    public var betweenRoundKeys: [KeyHint] = []

    /// The keys a single-player game has between rounds.
    public static let soloBetweenRoundKeys = [KeyHint("r", "change the round's length")]
    /// The keys a host has between rounds.
    public static let hostBetweenRoundKeys = [
        KeyHint("c", "add a computer player"),
        KeyHint("r", "change the round's length"),
        KeyHint("i", "QR code to join by phone"),
    ]

    /// How many people watch the table: shown in the title bar when any do.
    public var watchers = 0
    /// Whether the person at this screen watches the table rather than playing: the title bar says so.
    public var isWatching = false
    /// Whether an overlay pauses the game (single-player); at a networked table the round goes on meanwhile.
    public var overlayPauses = true

    /// How long before the table turns for a player the status line counts down.
    public static let turnCountdownFrom: Duration = .seconds(3)

    /// Describes a frame.
    public init(
        view: PlayerView,
        size: TerminalSize = TableScreen.minimumSize,
        colour: Bool = false,
        seed: UInt64? = nil,
        difficulty: Difficulty? = nil,
        cues: [String] = [],
        hint: String? = nil,
        overlay: Overlay = .none,
        dealProgress: Double? = nil,
        banner: [String] = [],
        roundTimeLeft: Duration? = nil,
        turnTimeLeft: Duration? = nil
    ) {
        self.view = view
        self.size = size
        self.colour = colour
        self.seed = seed
        self.difficulty = difficulty
        self.cues = cues
        self.hint = hint
        self.overlay = overlay
        self.dealProgress = dealProgress
        self.banner = banner
        self.roundTimeLeft = roundTimeLeft
        self.turnTimeLeft = turnTimeLeft
    }

    /// The status as this screen shows it: RULES.md's, but for a match nobody has called yet, which shows as
    /// the turn it is (spotting it is the game).
    var shownStatus: TableStatus {
        let status = TableStatus(view)
        guard status == .match else { return status }
        guard let active = view.active else { return .waitingForPlayers }
        return active == view.viewer ? .yourTurn : .playersTurn(view.displayName(active))
    }

    /// Whether the viewer already turned their card and the table is about to activate the next player.
    var viewerHasTurned: Bool {
        view.phase == .playing && view.stop == nil && view.hasTurned && view.active != nil && view.active == view.viewer
    }

    /// The seats whose cards a correct call matched, while it is being settled: only then are matching cards
    /// marked and "Match!" said.
    var calledMatch: [Seat] {
        guard view.phase == .playing, case .correct(let matching) = view.stop?.verdict else { return [] }
        return matching
    }

    /// The centre status line, as RULES.md words it, with this client's way of asking for a turn, and in the
    /// last seconds of a turn timer how many are left. Once the viewer has turned it says who is next (by the
    /// table's own rule, ``PlayerView/nextToTurn``); "Match!" only comes with a correct call's verdict.
    public var statusText: String {
        let status = shownStatus
        switch status {
        case .yourTurn where viewerHasTurned:
            guard let next = view.nextToTurn else { break }
            return next == view.viewer ? "You are next again" : "\(view.displayName(next)) is next"
        case .yourTurn, .playersTurn:
            guard let left = turnTimeLeft, left <= TableScreen.turnCountdownFrom else { break }
            let seconds = max(1, Int((left / .seconds(1)).rounded(.up)))
            return status.terminalText + " · \(seconds) s"
        case .receivesCards, .youReceiveCards:
            return "*** Match! *** " + status.terminalText
        default:
            break
        }
        return status.terminalText
    }

    /// The round's state for the title bar: the time left in a quick round ("4:32 left"), "time's up" or
    /// "sudden death"; nil when there is nothing to say.
    public var roundClockText: String? {
        guard view.phase == .playing else { return nil }
        if !view.suddenDeath.isEmpty { return "sudden death" }
        if view.timeIsUp { return "time's up" }
        guard let left = roundTimeLeft else { return nil }
        let seconds = max(0, Int((left / .seconds(1)).rounded(.up)))
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60) left"
    }

    /// The frame: `size.rows` lines.
    public func render() -> [String] {
        var canvas = Canvas(width: size.columns, height: size.rows)
        if size.fits(TableScreen.minimumSize) {
            var frame = Frame(
                canvas: canvas,
                left: (size.columns - TableScreen.minimumSize.columns) / 2,
                top: (size.rows - TableScreen.minimumSize.rows) / 2,
                colour: colour
            )
            draw(on: &frame)
            canvas = frame.canvas
        } else {
            drawTooSmall(on: &canvas)
        }
        return canvas.lines(colour: colour)
    }

    // MARK: - Layout

    /// Where a seat is drawn in the 80×24 frame.
    private struct Place {
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

    private static let cardsWidth = 11

    private func place(for shown: Seat) -> Place {
        switch shown {
        case .top: Place(row: 2, column: 34, alignment: .centred, bubble: (4, 47))
        case .left: Place(row: 8, column: 2, alignment: .leading, bubble: (13, 2))
        case .right: Place(row: 8, column: 67, alignment: .trailing, bubble: (13, 77))
        case .bottom: Place(row: 14, column: 34, alignment: .centred, bubble: (16, 47))
        }
    }

    private func draw(on frame: inout Frame) {
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
        case .invite(let link, let qr): drawInvite(link: link, qr: qr, on: &frame)
        }
    }

    private func drawTitle(on frame: inout Frame) {
        let bar = CellStyle.plain.fg(.black).bg(.green)
        // In a wider terminal the bar spans the whole width, not just the frame.
        frame.fill(row: 0, column: -frame.left, width: size.columns, height: 1, style: bar)
        frame.put(isWatching ? " Snap! · watching" : " Snap!", row: 0, column: 0, style: bar.bolded)
        var round = view.round > 0 ? "Round \(view.round)" : "Waiting"
        if let clock = roundClockText { round += " · " + clock }
        if overlay != .none, overlayPauses { round += " · paused" }
        // The last minute, and what comes after it, stands out.
        let lastMinute = roundTimeLeft.map { $0 <= .seconds(60) } ?? false || view.timeIsUp
        let style = lastMinute && view.phase == .playing ? CellStyle.plain.fg(.white).bg(.red).bolded : bar.bolded
        frame.put(" \(round) ", row: 0, centredOn: 40, style: style)
        var details = [String]()
        if let difficulty { details.append(difficulty.rawValue) }
        if watchers > 0 { details.append("\(watchers) watching") }
        frame.put(details.joined(separator: " · ") + " ", row: 0, endingAt: 79, style: bar)
        if !colour {
            frame.put(String(repeating: "─", count: 80), row: 1, column: 0)
        }
    }

    private func drawSeat(_ seat: Seat, on frame: inout Frame) {
        guard let player = view[seat] else { return }
        let place = place(for: seat.shown(from: view.viewer ?? .bottom))
        let isOut = view.isOut(seat)
        let isActive = view.active == seat && view.phase == .playing

        // The name line: marker, name, games won.
        var name = player.info.name
        if seat == view.viewer, name.lowercased() != "you" { name += " (you)" }
        let marker = isActive ? "▶ " : ""
        let won = "  won \(player.gamesWon)"
        let out = isOut ? "  out" : ""
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
    private func shownClosedCount(_ seat: Seat) -> Int {
        let actual = view[seat]?.closedCount ?? 0
        guard let progress = dealProgress, let starter = view.startingSeat else { return actual }
        let order = ([starter] + starter.clockwiseAfter.dropLast()).filter { view[$0] != nil }
        guard let position = order.firstIndex(of: seat) else { return actual }
        let dealt = Int((Double(Deck.size) * min(max(progress, 0), 1)).rounded(.down))
        let count = dealt > position ? (dealt - position + order.count - 1) / order.count : 0
        return min(count, actual)
    }

    private func drawClosedPile(count: Int, row: Int, column: Int, on frame: inout Frame) {
        if count == 0 {
            drawEmptySpace(row: row, column: column, on: &frame)
            return
        }
        let back = CellStyle.plain.fg(.blue)
        frame.put("┌───┐", row: row, column: column, style: back)
        frame.put("│░░░│", row: row + 1, column: column, style: back)
        frame.put("└───┘", row: row + 2, column: column, style: back)
    }

    private func drawOpenPile(top: Card?, matching: Bool, row: Int, column: Int, on frame: inout Frame) {
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

    private func drawEmptySpace(row: Int, column: Int, on frame: inout Frame) {
        let faint = CellStyle.plain.dimmed
        frame.put("┌┄┄┄┐", row: row, column: column, style: faint)
        frame.put("┆   ┆", row: row + 1, column: column, style: faint)
        frame.put("└┄┄┄┘", row: row + 2, column: column, style: faint)
    }

    /// The "Snap!" bubble for the seat's call since the last turned card, with its verdict.
    private func drawBubble(for seat: Seat, at place: Place, on frame: inout Frame) {
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
            mark = "too late"
            markStyle = CellStyle.plain.fg(.yellow)
        }
        let width = (bubble + " " + mark).terminalWidth
        let x = place.alignment == .trailing ? place.bubble.column - width + 1 : place.bubble.column
        let next = frame.put(
            bubble, row: place.bubble.row, column: x, style: CellStyle.plain.fg(.white).bg(.magenta).bolded)
        frame.put(" " + mark, row: place.bubble.row, column: next, style: markStyle)
    }

    private func drawCentre(on frame: inout Frame) {
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
        if case .roundOver = view.phase, view.host == view.viewer {
            frame.put("Press n for the next round", row: 11, centredOn: 40, style: .plain.dimmed)
        }
        if let hint {
            frame.put(hint.truncated(toWidth: 50), row: 12, centredOn: 40, style: CellStyle.plain.fg(.yellow))
        }
    }

    private func drawBanner(on frame: inout Frame) {
        for (offset, line) in banner.prefix(3).enumerated() {
            frame.put(line.truncated(toWidth: 76), row: 19 + offset, centredOn: 40, style: offset == 0 ? .plain.bolded : .plain)
        }
    }

    private func drawCues(on frame: inout Frame) {
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

    private func drawKeys(on frame: inout Frame) {
        var x = 1
        for hint in keys {
            let (key, label) = (hint.key, hint.label)
            if colour {
                x = frame.put(" \(key) ", row: 23, column: x, style: .plain.inverted)
            } else {
                x = frame.put("[\(key)]", row: 23, column: x)
            }
            x = frame.put(" \(label)   ", row: 23, column: x)
        }
    }

    // MARK: - Overlays

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

    private func drawHelp(on frame: inout Frame) {
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

    private func drawQuitPrompt(on frame: inout Frame) {
        let width = 32
        let left = (80 - width) / 2
        let border = colour ? CellStyle.plain.fg(.yellow) : .plain
        frame.box(row: 8, column: left, width: width, height: 5, style: border)
        frame.put("Quit? (y/n)", row: 9, centredOn: 40, style: CellStyle.plain.bolded)
        let meanwhile = overlayPauses ? "The game is paused." : "The round goes on meanwhile."
        frame.put(meanwhile, row: 11, centredOn: 40, style: .plain.dimmed)
    }

    /// A QR code of the join link, black on white so that a phone reads it on a dark terminal too.
    private func drawInvite(link: String, qr: [String], on frame: inout Frame) {
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

    private func drawTooSmall(on canvas: inout Canvas) {
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

/// A canvas seen through the 80×24 frame at an offset, so the layout can use frame coordinates.
private struct Frame {
    var canvas: Canvas
    let left: Int
    let top: Int
    let colour: Bool

    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        canvas.put(text, row: top + row, column: left + column, style: style) - left
    }

    mutating func put(_ text: String, row: Int, centredOn centre: Int, style: CellStyle = .plain) {
        canvas.put(text, row: top + row, centredOn: left + centre, style: style)
    }

    mutating func put(_ text: String, row: Int, endingAt column: Int, style: CellStyle = .plain) {
        canvas.put(text, row: top + row, endingAt: left + column, style: style)
    }

    mutating func fill(row: Int, column: Int, width: Int, height: Int, style: CellStyle) {
        canvas.fill(row: top + row, column: left + column, width: width, height: height, style: style)
    }

    mutating func box(row: Int, column: Int, width: Int, height: Int, style: CellStyle) {
        canvas.box(row: top + row, column: left + column, width: width, height: height, style: style)
    }
}
