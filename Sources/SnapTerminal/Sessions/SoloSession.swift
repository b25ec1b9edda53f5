import SnapCore

/// The state of a single-player game between frames: the table and its computer players, the movement
/// log, the overlay and the last hint. No I/O and no clock: the caller says what time it is, so tests can
/// play a whole game on made-up time.
///
/// The game pauses while the help or the quit prompt is shown: the table's timeline only moves while
/// the person can see it.
struct SoloSession: ScreenSession {
    /// The person's seat: always the bottom at a single-player table.
    static let seat = Seat.bottom
    /// How long a hint stays on screen.
    static let hintLifetime: Duration = .seconds(2)
    /// The longest wait between frames while something moves on screen.
    static let frameInterval: Duration = .milliseconds(50)
    /// The longest wait between frames while nothing moves.
    static let idleInterval: Duration = .milliseconds(250)

    /// The seed the table was shuffled with.
    let seed: UInt64
    /// The computer players' difficulty.
    let difficulty: Difficulty
    /// The words, in the person's language.
    let texts: TerminalTexts
    /// The table and its computer players.
    private(set) var runner: TableRunner<SplitMix64>
    /// Where the cards went lately.
    private(set) var cues = MovementCues()
    /// The box shown over the table.
    private(set) var overlay = TableScreen.Overlay.none
    /// A short message and until when it is shown.
    private(set) var hint: (text: String, until: Duration)?
    /// When the current deal began on the game's timeline, while dealing.
    private(set) var dealStart: Duration?
    /// How long the game has been paused, not counting a pause under way.
    private var pausedTotal: Duration = .zero
    /// When the pause under way began.
    private var pausedSince: Duration?

    /// A new game for `name`; nothing happens until ``start(at:)``.
    init(
        name: String, seed: UInt64, speed: Double, difficulty: Difficulty, settings: TableSettings = TableSettings(),
        texts: TerminalTexts = .english
    ) {
        self.texts = texts
        self.seed = seed
        self.difficulty = difficulty
        var table = Table.singlePlayer(PlayerInfo(id: PlayerID("you"), name: name))
        table.settings = settings
        runner = TableRunner(table: table, difficulty: difficulty, speed: speed, generator: SplitMix64(seed: seed))
    }

    /// What the person sees of the table.
    var view: PlayerView { runner.table.view(for: SoloSession.seat) }

    /// Starts the first round.
    mutating func start(at time: Duration) {
        advance(to: time)
        perform(.startRound(by: SoloSession.seat), at: time)
    }

    /// Whether the game is paused (an overlay hides the table).
    var isPaused: Bool { pausedSince != nil }

    /// The time on the game's timeline at `time`: the time passed minus the pauses.
    func gameTime(at time: Duration) -> Duration {
        time - pausedTotal - (pausedSince.map { time - $0 } ?? .zero)
    }

    /// Moves the game on to `time`: computer players act, the table takes its timed steps.
    mutating func advance(to time: Duration) {
        if let current = hint, current.until <= time { hint = nil }
        guard !isPaused else { return }
        let before = view
        let events = runner.advance(to: gameTime(at: time))
        note(events, before: before, at: time)
    }

    /// Handles a key pressed at `time`.
    mutating func handle(_ key: Key, at time: Duration) -> KeyOutcome {
        advance(to: time)
        if key == .interrupt { return .quit(130) }
        if key == .redraw { return .redraw }
        switch overlay {
        case .quitPrompt:
            switch key {
            case _ where texts.isYes(key): return .quit(0)
            case .character("n"), .character("N"), .character("q"), .escape, .enter: setOverlay(.none, at: time)
            default: break
            }
            return .play
        case .help, .invite, .removePrompt, .dealPrompt, .networkTimes:
            switch key {
            case .character("q"), .character("Q"): setOverlay(.quitPrompt, at: time)
            default: setOverlay(.none, at: time)
            }
            return .play
        case .none:
            break
        }
        switch key {
        case .enter, .character("t"), .character("T"):
            if case .roundOver = view.phase {
                show(texts.text("terminal.hint.roundOver"), at: time)
            } else if view.active == SoloSession.seat, view.hasTurned {
                // A second press while the next player is activated: the status line already says who is next.
                break
            } else {
                perform(.turnCard(SoloSession.seat), at: time)
            }
        case .space, .character("s"), .character("S"):
            perform(.callSnap(SoloSession.seat), at: time)
        case .character("n"), .character("N"):
            if view.phase.isRoundUnderWay {
                show(texts.text("terminal.hint.roundStillOn"), at: time)
            } else {
                perform(.startRound(by: SoloSession.seat), at: time)
            }
        case .character("r"), .character("R"):
            if view.phase.isRoundUnderWay {
                show(texts.text("terminal.hint.lengthBetweenRounds"), at: time)
            } else {
                perform(.changeSettings(view.settings.withNextRoundLength, by: SoloSession.seat), at: time)
                show(texts.text("terminal.hint.nextRound", ["settings": view.settings.summary(in: texts)]), at: time)
            }
        case .character("?"), .character("h"), .character("H"):
            setOverlay(.help, at: time)
        case .character("q"), .character("Q"), .endOfInput:
            setOverlay(.quitPrompt, at: time)
        default:
            break
        }
        return .play
    }

    /// The frame to draw at `time`.
    func screen(size: TerminalSize, colour: Bool, at time: Duration) -> TableScreen {
        var screen = TableScreen(
            view: view,
            size: size,
            colour: colour,
            seed: seed,
            difficulty: difficulty,
            cues: cues.lines(at: time),
            hint: hint.flatMap { $0.until > time ? $0.text : nil },
            overlay: overlay,
            dealProgress: dealProgress(at: time),
            roundTimeLeft: runner.roundDeadline.map { $0 - gameTime(at: time) },
            turnTimeLeft: runner.turnDeadline.map { $0.deadline - gameTime(at: time) },
            texts: texts
        )
        screen.betweenRoundKeys = TableScreen.soloBetweenRoundKeys(texts)
        return screen
    }

    /// The lines to draw at `time`.
    func lines(size: TerminalSize, colour: Bool, at time: Duration) -> [String] {
        screen(size: size, colour: colour, at: time).render()
    }

    /// How far the deal animation has got at `time`, while dealing.
    func dealProgress(at time: Duration) -> Double? {
        guard runner.table.phase == .dealing, let dealStart else { return nil }
        let length = runner.table.timing.deal / runner.speed
        guard length > .zero else { return 1 }
        return min(1, (gameTime(at: time) - dealStart) / length)
    }

    /// How long to wait for a key before the next frame is due.
    func wait(at time: Duration) -> Duration {
        let moving = runner.table.phase == .dealing && !isPaused
        var wait = moving ? SoloSession.frameInterval : SoloSession.idleInterval
        if !isPaused, let deadline = runner.nextDeadline { wait = min(wait, deadline - gameTime(at: time)) }
        if let hint { wait = min(wait, hint.until - time) }
        if let expiry = cues.nextExpiry(after: time) { wait = min(wait, expiry - time) }
        return max(.zero, wait)
    }

    private mutating func setOverlay(_ overlay: TableScreen.Overlay, at time: Duration) {
        if overlay == .none, let since = pausedSince {
            pausedTotal += time - since
            pausedSince = nil
        } else if overlay != .none, pausedSince == nil {
            pausedSince = time
        }
        self.overlay = overlay
    }

    /// A summary for after the game: rounds played, the seed, games won.
    var summary: String {
        texts.text("terminal.exit.thanksSolo", count: view.round, ["seed": String(seed)]) + "\n"
            + texts.gamesWon(in: view)
    }

    private mutating func perform(_ action: TableAction, at time: Duration) {
        let before = view
        do {
            let events = try runner.perform(action)
            note(events, before: before, at: time)
        } catch {
            show(texts.refusal(code: error.rawValue, fallback: error.description), at: time)
        }
    }

    private mutating func note(_ events: [TableEvent], before: PlayerView, at time: Duration) {
        guard !events.isEmpty else { return }
        cues.record(events, before: before, at: time, in: texts)
        for event in events {
            if case .roundStarted = event { dealStart = gameTime(at: time) }
            if case .dealFinished = event { dealStart = nil }
            if let margin = CallMargin.text(for: event, in: view, texts) { show(margin, at: time) }
        }
    }

    private mutating func show(_ text: String, at time: Duration) {
        hint = (text, time + SoloSession.hintLifetime)
    }
}
