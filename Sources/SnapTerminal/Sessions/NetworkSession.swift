import SnapClient
import SnapCore
import SnapLAN

/// The state of a networked game between frames (`snap host`, `snap join`, `snap watch`): the table as the server
/// last described it, the movement log, the overlay and the last message. No I/O and no clock: updates
/// and keys come in, requests for the server and frames go out, so tests can drive it directly.
struct NetworkSession: ScreenSession {
    /// What the program should ask of the server.
    enum Request: Equatable, Sendable {
        case turnCard, startRound, addComputer, leave
        /// (Host, between rounds) how rounds end and the turn timer.
        case changeSettings(TableSettings)
        /// Snap!, this long after the latest turned card was drawn on this screen (nil: none drawn yet).
        case callSnap(reaction: Duration?)
    }

    /// The table as this player sees it, once seated (or as a watcher sees it, from no seat).
    private(set) var view: PlayerView?
    /// Whether this person watches the table rather than playing: the only key that does anything is leaving.
    let isWatching: Bool
    /// How many people watch the table.
    private(set) var watchers = 0
    /// The table's code.
    private(set) var code: String?
    /// Where others can reach the server (shown to the host while waiting).
    let addresses: [String]
    /// Where the cards went lately.
    private(set) var cues = MovementCues()
    /// The box shown over the table.
    private(set) var overlay = TableScreen.Overlay.none
    /// A short message and until when it is shown (nil: until replaced).
    private(set) var hint: (text: String, until: Duration?)?
    /// Requests waiting to be sent to the server.
    private(set) var requests: [Request] = []
    /// Why the game ended, once it has (the server shut down, the connection is gone).
    private(set) var ended: String?
    private var dealStart: Duration?
    private var dealLength: Duration
    /// When the latest turned card (or the end of the deal) was drawn: a call's reaction time counts from it.
    private var cardDrawnAt: Duration?
    /// When a quick round's time runs out, on this session's timeline.
    private var roundEndsAt: Duration?
    /// The active player's turn deadline, on this session's timeline.
    private var turnEndsAt: Duration?

    /// A session; `dealLength` is how long the server shows the deal (for the progress bar).
    init(addresses: [String] = [], dealLength: Duration = .seconds(2), watching: Bool = false) {
        self.addresses = addresses
        self.isWatching = watching
        self.dealLength = dealLength
    }

    /// Whether this player is the host.
    var isHost: Bool { view.map { $0.host != nil && $0.host == $0.viewer } ?? false }

    /// How an ended game asks the person to go.
    static let pressAnyKey = "Press any key to leave."

    /// What the hint line says while the client moves to the node its table is on.
    static let moving = "Moving to the table's server…"

    /// Takes the requests waiting to be sent.
    mutating func takeRequests() -> [Request] {
        defer { requests = [] }
        return requests
    }

    /// Applies what the server said.
    mutating func apply(_ update: ClientUpdate, at time: Duration) {
        switch update {
        case .joined(let code, _), .watching(let code):
            self.code = code
            // Arrived: a "Moving…" still showing (the updates of a sit-down come all at once) is over.
            if hint?.text == Self.moving { hint = nil }
        case .watchers(let count):
            watchers = count
        case .tableClosed(let reason):
            ended = "\(reason) Press any key to leave."

        case .snapshot(let view):
            self.view = view
            // The clocks that run are sent again straight after a snapshot.
            (roundEndsAt, turnEndsAt) = (nil, nil)
        case .roundClock(let remaining):
            roundEndsAt = time + remaining
        case .turnClock(_, let remaining):
            turnEndsAt = time + remaining
        case .table(let view, let events):
            if let before = self.view { cues.record(events, before: before, at: time) }
            for event in events {
                switch event {
                case .roundStarted: dealStart = time
                case .dealFinished: (dealStart, cardDrawnAt) = (nil, time)
                // The frame that shows the card is drawn straight after the update is applied, at `time`.
                case .cardTurned: cardDrawnAt = time
                default: break
                }
                if let margin = CallMargin.text(for: event, in: view) { show(margin, at: time) }
                if event.endsTurnCountdown { turnEndsAt = nil }
                if event.endsRoundCountdown { roundEndsAt = nil }
            }
            self.view = view
        case .playerConnection(let seat, let connected):
            let name = view?[seat]?.info.name ?? "A player"
            show(connected ? "\(name) is back." : "\(name)'s connection dropped; their seat is kept.", at: time)
        case .refused(_, let message):
            show(message, at: time)
        case .redirected:
            show(Self.moving, at: time)
        case .reconnecting(let attempt):
            hint = ("Connection lost: reconnecting (attempt \(attempt))…", nil)
        case .reconnected:
            show(isWatching ? "Reconnected: watching again." : "Reconnected: you are back in your seat.", at: time)
        case .serverQuit(let reason):
            ended = "\(reason) Press any key to leave."
        case .replaced:
            ended = "Your seat is now played from another terminal or browser. Press any key to leave."
        case .closed:
            if ended == nil { ended = "The connection to the server is gone. Press any key to leave." }
        case .signedIn, .tables:
            break
        }
    }

    /// Handles a key pressed at `time`.
    mutating func handle(_ key: Key, at time: Duration) -> KeyOutcome {
        if key == .interrupt { return .quit(130) }
        if key == .redraw { return .redraw }
        if ended != nil { return .quit(0) }
        if isWatching { return handleWatching(key, at: time) }
        switch overlay {
        case .quitPrompt:
            switch key {
            case .character("y"), .character("Y"):
                requests.append(.leave)
                return .quit(0)
            case .character("n"), .character("N"), .character("q"), .escape, .enter: overlay = .none
            default: break
            }
            return .play
        case .help, .invite:
            overlay = key == .character("q") ? .quitPrompt : .none
            return .play
        case .none:
            break
        }
        let phase = view?.phase ?? .waiting
        switch key {
        case .enter, .character("t"), .character("T"):
            if phase.isRoundUnderWay {
                // A second press while the next player is activated would only be refused: the status line
                // already says who is next.
                if let view, view.active == view.viewer, view.hasTurned { break }
                requests.append(.turnCard)
            } else if case .roundOver = phase {
                // The key that turns never starts a round after one: an Enter meant for a last card would start
                // the next round before anyone saw who won.
                show(isHost ? "The round is over: press n for the next one." : "Waiting for the host to start the next round.", at: time)
            } else if isHost {
                requests.append(.startRound)
            } else {
                show("Waiting for the host to start the round.", at: time)
            }
        case .space, .character("s"), .character("S"):
            if phase.isRoundUnderWay {
                requests.append(.callSnap(reaction: cardDrawnAt.map { time - $0 }))
            } else {
                show("No round is under way.", at: time)
            }
        case .character("n"), .character("N"):
            if phase.isRoundUnderWay {
                show("The round is still on.", at: time)
            } else if isHost {
                requests.append(.startRound)
            } else {
                show("Only the host starts the next round.", at: time)
            }
        case .character("c"), .character("C"):
            if isHost && !phase.isRoundUnderWay {
                requests.append(.addComputer)
            } else {
                show(isHost ? "Computer players join between rounds." : "Only the host adds computer players.", at: time)
            }
        case .character("r"), .character("R"):
            if isHost && !phase.isRoundUnderWay, let settings = view?.settings {
                requests.append(.changeSettings(settings.withNextRoundLength))
            } else {
                show(isHost ? "The round's length changes between rounds." : "Only the host sets the round's length.", at: time)
            }
        case .character("i"), .character("I"):
            if let link = joinLink, !phase.isRoundUnderWay {
                do {
                    overlay = .invite(link: link, qr: try QRCode.encoding(link).halfBlockLines(colour: false))
                } catch {
                    show("\(error) Share the link: \(link)", at: time)
                }
            }
        case .character("?"), .character("h"), .character("H"):
            overlay = .help
        case .character("q"), .character("Q"), .endOfInput:
            overlay = .quitPrompt
        default:
            break
        }
        return .play
    }

    /// A watcher's keys: q or Esc leaves at once; nothing else does anything.
    private mutating func handleWatching(_ key: Key, at time: Duration) -> KeyOutcome {
        switch key {
        case .character("q"), .character("Q"), .escape, .endOfInput:
            requests.append(.leave)
            return .quit(0)
        default:
            show("You are watching: q leaves.", at: time)
            return .play
        }
    }

    /// The lines under the table while no round is under way: the code to share, and what to press.
    var waitingBanner: [String] {
        guard let view, !view.phase.isRoundUnderWay, let code else { return [] }
        let players = view.occupiedSeats.count
        let table = "Table \(code)  ·  \(players) of 4 seated  ·  \(view.settings.summary)"
        if isWatching { return [table, "Watching: waiting for the host to start the round."] }
        guard isHost else {
            return [table, "Waiting for the host to start the round."]
        }
        // Within the 76 columns of the banner: the table's code is on the line above, `snap join` lists the tables
        // to pick from, and finds the server by itself on a network with discovery.
        let reach = addresses.first.map { address in
            let full = "Join: http://\(address)/?t=\(code) · snap join ws://\(address)"
            return full.count <= 76 ? full : "Join: http://\(address)/?t=\(code) · in a terminal: snap join"
        } ?? "Others join with the code \(code)."
        let start = players < 2 ? "Waiting for players" : view.phase == .waiting ? "Enter starts the round" : "n starts the next round"
        let invite = joinLink == nil ? "" : " · i QR code"
        return [table, reach, "\(start) · c adds a computer · r sets the round\(invite)"]
    }

    /// The web link that opens this table on a phone: the first of ``addresses``.
    var joinLink: String? {
        guard let address = addresses.first, let code else { return nil }
        return "http://\(address)/?t=\(code)"
    }

    /// Where the network's news comes from, and where requests go; set by the game that owns the session.
    var exchange: (_ requests: [Request]) -> [ClientUpdate] = { _ in [] }

    /// Takes in what the server said and sends what was asked for.
    mutating func advance(to time: Duration) {
        for update in exchange(takeRequests()) { apply(update, at: time) }
    }

    /// The lines to draw at `time`.
    func lines(size: TerminalSize, colour: Bool, at time: Duration) -> [String] {
        screen(size: size, colour: colour, at: time)?.render() ?? [isWatching ? "Watching the table…" : "Joining the table…"]
    }

    /// The frame to draw at `time`, if seated.
    func screen(size: TerminalSize, colour: Bool, at time: Duration) -> TableScreen? {
        guard let view else { return nil }
        let message = ended == nil ? hint.flatMap { hint in (hint.until.map { $0 > time } ?? true) ? hint.text : nil } : nil
        var screen = TableScreen(
            view: view,
            size: size,
            colour: colour,
            cues: cues.lines(at: time),
            hint: message,
            overlay: overlay,
            dealProgress: dealStart.map { dealLength > .zero ? min(1, (time - $0) / dealLength) : 1 },
            banner: waitingBanner,
            roundTimeLeft: roundEndsAt.map { $0 - time },
            turnTimeLeft: turnEndsAt.map { $0 - time })
        screen.watchers = watchers
        screen.isWatching = isWatching
        screen.overlayPauses = false
        if isHost { screen.betweenRoundKeys = TableScreen.hostBetweenRoundKeys }
        if let ended {
            // Said the moment it happens, in place of what to press at a table that is gone.
            screen.banner = [ended.replacingOccurrences(of: " " + Self.pressAnyKey, with: ""), Self.pressAnyKey]
            screen.keys = [TableScreen.KeyHint("any key", "leave")]
            screen.overlay = .none
        }
        if isWatching { screen.keys = [TableScreen.KeyHint("q", "stop watching")] }
        return screen
    }

    /// How long to wait for a key or an update before the next frame is due.
    func wait(at time: Duration) -> Duration {
        // Short waits, so that what the server says shows at once.
        var wait: Duration = .milliseconds(15)
        if let until = hint?.until { wait = min(wait, until - time) }
        if let expiry = cues.nextExpiry(after: time) { wait = min(wait, expiry - time) }
        return max(.zero, wait)
    }

    private mutating func show(_ text: String, at time: Duration) {
        hint = (text, time + .seconds(3))
    }
}
