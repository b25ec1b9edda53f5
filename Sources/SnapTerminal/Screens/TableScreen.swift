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
        /// "Remove which player?", with each other player's key and name (`choices`), for the host.
        case removePrompt(choices: String)
        /// "Which deal?", with the code typed so far and, after Enter, what is wrong with it, for the host.
        case dealPrompt(typed: String, problem: String?)
        /// How others join, for phones: `qr` is a QR code of `link` in half-block lines (``QRCode``).
        case invite(link: String, qr: [String])
        /// Every player's network time as the judge sees it, a line each.
        case networkTimes([String])
    }

    /// The words, in the player's language.
    public var texts: TerminalTexts

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

    /// The keys of a game at the table, in `texts`' language.
    public static func playingKeys(_ texts: TerminalTexts) -> [KeyHint] {
        [
            KeyHint(texts.text("terminal.key.enter"), texts.text("terminal.keys.turn")),
            KeyHint(texts.text("terminal.key.space"), "Snap!"),
            KeyHint("n", texts.text("terminal.keys.nextRound")),
            KeyHint("?", texts.text("terminal.keys.help")),
            KeyHint("q", texts.text("terminal.keys.quit")),
        ]
    }

    /// The keys listed on the bottom line; nil: ``playingKeys(_:)``.
    public var keys: [KeyHint]?

    /// The keys that only do something between rounds, as the help lists them for this person: none for a guest,
    /// the round's length in single-player, and computer players, the round and the QR code for a host.
    public var betweenRoundKeys: [KeyHint] = []

    /// The keys a single-player game has between rounds.
    public static func soloBetweenRoundKeys(_ texts: TerminalTexts) -> [KeyHint] {
        [KeyHint("r", texts.text("terminal.help.changeRound"))]
    }

    /// The keys a host has between rounds.
    public static func hostBetweenRoundKeys(_ texts: TerminalTexts) -> [KeyHint] {
        [
            KeyHint("c", texts.text("terminal.help.addComputer")),
            KeyHint("r", texts.text("terminal.help.changeRound")),
            KeyHint("1 2 3 4", texts.text("terminal.help.headStart")),
            KeyHint("x l p", texts.text("terminal.help.hostControls")),
            KeyHint("d", texts.text("terminal.help.deal")),
            KeyHint("i", texts.text("terminal.help.qrCode")),
        ]
    }

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
        turnTimeLeft: Duration? = nil,
        texts: TerminalTexts = .english
    ) {
        self.texts = texts
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
        return Array(matching)
    }

    /// The centre status line, as RULES.md words it, with this client's way of asking for a turn, and in the
    /// last seconds of a turn timer how many are left. Once the viewer has turned it says who is next (by the
    /// table's own rule, ``PlayerView/nextToTurn``); "Match!" only comes with a correct call's verdict.
    public var statusText: String {
        let status = shownStatus
        switch status {
        case .yourTurn where viewerHasTurned:
            guard let next = view.nextToTurn else { break }
            return texts.text("status.next", you: next == view.viewer, ["name": view.displayName(next)])
        case .yourTurn, .playersTurn:
            guard let left = turnTimeLeft, left <= TableScreen.turnCountdownFrom else { break }
            let seconds = max(1, Int((left / .seconds(1)).rounded(.up)))
            return status.terminalText(in: view, texts) + " · " + texts.text("length.seconds", ["seconds": String(seconds)])
        default:
            break
        }
        return status.terminalText(in: view, texts)
    }

    /// The round's state for the title bar: the time left in a quick round ("4:32 left"), "time's up" or
    /// "sudden death"; nil when there is nothing to say.
    public var roundClockText: String? {
        guard view.phase == .playing else { return nil }
        if !view.suddenDeath.isEmpty { return texts.text("terminal.clock.suddenDeath") }
        if view.timeIsUp { return texts.text("status.timeUp") }
        guard let left = roundTimeLeft else { return nil }
        let seconds = Int((left / .seconds(1)).rounded(.up))
        return texts.text("terminal.clock.left", ["time": TerminalTexts.clock(seconds: seconds)])
    }

    /// The frame: `size.rows` lines.
    public func render() -> [String] {
        var canvas = Canvas(width: size.columns, height: size.rows)
        if size.fits(TableScreen.minimumSize) {
            var frame = ScreenFrame(
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
}
