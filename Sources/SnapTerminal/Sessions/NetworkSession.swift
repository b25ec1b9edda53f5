import SnapClient
import SnapCore
import SnapLAN
import SnapProtocol

/// The state of a networked game between frames (`snap host`, `snap join`, `snap watch`): the table as the server
/// last described it, the movement log, the overlay and the last message. No I/O and no clock: updates
/// and keys come in, requests for the server and frames go out, so tests can drive it directly.
struct NetworkSession: ScreenSession {
    /// What the program should ask of the server.
    enum Request: Equatable, Sendable {
        case turnCard, startRound, addComputer, leave
        /// (Host, between rounds) start the round dealt from this code.
        case startRoundWithDeal(DealCode)
        /// (Host, between rounds) how rounds end and the turn timer.
        case changeSettings(TableSettings)
        /// (Host, between rounds) a player's head start.
        case setHeadStart(Duration, for: Seat)
        /// (Host, at any time) remove the player in a seat.
        case removePlayer(Seat)
        /// (Host, at any time) lock the table or not, make it private or not.
        case setAccess(isLocked: Bool, isPrivate: Bool)
        /// Snap!, this long after the latest turned card was drawn on this screen (nil: none drawn yet).
        case callSnap(reaction: Duration?)
        /// How does the network of the player in this seat look to the judge?
        case askNetworkTime(Seat)
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
    /// The last close call's margin while it shows: until the next card is turned.
    private var marginShown: String?
    /// The network times the server last told, by seat (``Key`` f asks for them).
    private(set) var networkTimes: [Seat: NetworkTime] = [:]
    /// Requests waiting to be sent to the server.
    private(set) var requests: [Request] = []
    /// Why the game ended, once it has (the server shut down, the connection is gone), in words.
    private(set) var ended: String?
    /// The words, in the person's language.
    let texts: TerminalTexts
    private var dealStart: Duration?
    private var dealLength: Duration
    /// When the latest turned card (or the end of the deal) was drawn: a call's reaction time counts from it.
    private var cardDrawnAt: Duration?
    /// When a quick round's time runs out, on this session's timeline.
    private var roundEndsAt: Duration?
    /// The active player's turn deadline, on this session's timeline.
    private var turnEndsAt: Duration?

    /// A session; `dealLength` is how long the server shows the deal (for the progress bar).
    init(
        addresses: [String] = [], dealLength: Duration = .seconds(2), watching: Bool = false, texts: TerminalTexts = .english
    ) {
        self.texts = texts
        self.addresses = addresses
        self.isWatching = watching
        self.dealLength = dealLength
    }

    /// Whether this player is the host.
    var isHost: Bool { view.map { $0.host != nil && $0.host == $0.viewer } ?? false }

    /// What the hint line says while the client moves to the node its table is on.
    var moving: String { texts.text("join.moving") }

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
            if hint?.text == moving { hint = nil }
        case .watchers(let count):
            watchers = count
        case .tableClosed:
            // The server's reason is English; a closed table has one cause: everyone left it.
            ended = texts.text("watch.closed")

        case .snapshot(let view):
            self.view = view
            // The clocks that run are sent again straight after a snapshot.
            (roundEndsAt, turnEndsAt) = (nil, nil)
        case .roundClock(let remaining):
            roundEndsAt = time + remaining
        case .turnClock(_, let remaining):
            turnEndsAt = time + remaining
        case .table(let view, let events):
            if let before = self.view { cues.record(events, before: before, at: time, in: texts) }
            for event in events {
                switch event {
                case .roundStarted: dealStart = time
                case .dealFinished: (dealStart, cardDrawnAt) = (nil, time)
                // The frame that shows the card is drawn straight after the update is applied, at `time`.
                case .cardTurned:
                    cardDrawnAt = time
                    if let shown = marginShown, hint?.text == shown { hint = nil }
                    marginShown = nil
                default: break
                }
                // A close call's margin stays until the next card is turned: it is what a player looks for while the
                // cards move, and a second look (or a busy terminal) must still find it.
                if let margin = CallMargin.text(for: event, in: view, texts) {
                    hint = (margin, nil)
                    marginShown = margin
                }
                if event.endsTurnCountdown { turnEndsAt = nil }
                if event.endsRoundCountdown { roundEndsAt = nil }
            }
            self.view = view
        case .networkTime(let time):
            networkTimes[time.seat] = time
            if case .networkTimes = overlay { overlay = .networkTimes(networkTimeLines) }
        case .playerConnection(let seat, let connected):
            let name = view?[seat]?.info.name ?? texts.text("notice.aPlayer")
            show(texts.text(connected ? "notice.connectionBack" : "notice.connectionLost", ["name": name]), at: time)
        case .refused(let code, let message) where code == WireErrorCode.removedByHost.rawValue:
            // The table is over for us: the game ends saying why.
            ended = texts.refusal(code: code, fallback: message)
        case .refused(let code, let message):
            show(texts.refusal(code: code, fallback: message), at: time)
        case .redirected:
            show(moving, at: time)
        case .reconnecting(let attempt):
            hint = (texts.text("terminal.connection.reconnecting", ["attempt": String(attempt)]), nil)
        case .reconnected:
            show(texts.text(isWatching ? "terminal.connection.reconnectedWatching" : "connection.reconnected"), at: time)
        case .serverQuit:
            // The server's reason is English: the shared words say what happened.
            ended = texts.text("connection.serverQuit")
        case .replaced:
            ended = texts.text("terminal.connection.replaced")
        case .closed:
            if ended == nil { ended = texts.text("connection.lost") }
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
            case _ where texts.isYes(key):
                requests.append(.leave)
                return .quit(0)
            case .character("n"), .character("N"), .character("q"), .escape, .enter: overlay = .none
            default: break
            }
            return .play
        case .help, .invite, .networkTimes:
            overlay = key == .character("q") ? .quitPrompt : .none
            return .play
        case .removePrompt:
            // 1–4 name a seat as for head starts; anything else changes the host's mind.
            overlay = .none
            if case .character(let digit) = key, let seat = Self.seat(forKey: digit), let view, view[seat] != nil,
                seat != view.viewer
            {
                requests.append(.removePlayer(seat))
            }
            return .play
        case .dealPrompt(let typed, _):
            typeDeal(key, typed: typed)
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
                show(texts.text(isHost ? "terminal.hint.roundOver" : "terminal.hint.waitingForHostNext"), at: time)
            } else if isHost {
                requests.append(.startRound)
            } else {
                show(texts.text("terminal.hint.waitingForHost"), at: time)
            }
        case .space, .character("s"), .character("S"):
            if phase.isRoundUnderWay {
                requests.append(.callSnap(reaction: cardDrawnAt.map { time - $0 }))
            } else {
                show(texts.text("error.8"), at: time)
            }
        case .character("n"), .character("N"):
            if phase.isRoundUnderWay {
                show(texts.text("terminal.hint.roundStillOn"), at: time)
            } else if isHost {
                requests.append(.startRound)
            } else {
                show(texts.text("terminal.hint.onlyHostStarts"), at: time)
            }
        case .character("c"), .character("C"):
            if isHost && !phase.isRoundUnderWay {
                requests.append(.addComputer)
            } else {
                show(texts.text(isHost ? "terminal.hint.computersBetweenRounds" : "terminal.hint.onlyHostAddsComputers"), at: time)
            }
        case .character("r"), .character("R"):
            if isHost && !phase.isRoundUnderWay, let settings = view?.settings {
                requests.append(.changeSettings(settings.withNextRoundLength))
            } else {
                show(texts.text(isHost ? "terminal.hint.lengthBetweenRounds" : "terminal.hint.onlyHostSetsLength"), at: time)
            }
        case .character("x"), .character("X"):
            guard isHost, let view else {
                show(texts.text("terminal.hint.onlyHostRemoves"), at: time)
                break
            }
            let others = view.occupiedSeats.filter { $0 != view.viewer }
            guard !others.isEmpty else {
                show(texts.text("terminal.hint.nobodyToRemove"), at: time)
                break
            }
            overlay = .removePrompt(choices: others.map { "\($0.rawValue + 1) \(view[$0]!.info.name)" }.joined(separator: "   "))
        case .character("l"), .character("L"), .character("p"), .character("P"):
            guard isHost, let settings = view?.settings else {
                show(texts.text("terminal.hint.onlyHostLocks"), at: time)
                break
            }
            let locking = key == .character("l") || key == .character("L")
            let isLocked = locking ? !settings.isLocked : settings.isLocked
            let isPrivate = locking ? settings.isPrivate : !settings.isPrivate
            requests.append(.setAccess(isLocked: isLocked, isPrivate: isPrivate))
            let said = locking ? (isLocked ? "terminal.hint.locked" : "terminal.hint.unlocked")
                : (isPrivate ? "terminal.hint.private" : "terminal.hint.listed")
            show(texts.text(said), at: time)
        case .character(let digit) where Self.seat(forKey: digit) != nil:
            // 1–4: the head start of the player at the bottom, left, top or right, to the next of its choices.
            let seat = Self.seat(forKey: digit)!
            guard let view, view[seat] != nil else { break }
            if isHost && !phase.isRoundUnderWay {
                requests.append(.setHeadStart(TableSettings.nextHeadStart(after: view.settings.headStart(for: seat)), for: seat))
            } else {
                show(texts.text(isHost ? "terminal.hint.headStartBetweenRounds" : "terminal.hint.onlyHostGivesHeadStarts"), at: time)
            }
        case .character("i"), .character("I"):
            if let link = joinLink, !phase.isRoundUnderWay {
                do {
                    overlay = .invite(link: link, qr: try QRCode.encoding(link).halfBlockLines(colour: false))
                } catch {
                    show("\(error) " + texts.text("share.link", ["link": link]), at: time)
                }
            }
        case .character("d"), .character("D"):
            // A deal by its code (RULES.md): the last round's again, or another table's, to compare.
            if !isHost {
                show(texts.text("terminal.hint.onlyHostStarts"), at: time)
            } else if phase.isRoundUnderWay {
                show(texts.text("terminal.hint.roundStillOn"), at: time)
            } else if (view?.occupiedSeats.count ?? 0) < 2 {
                show(texts.text("terminal.banner.waitingForPlayers"), at: time)
            } else {
                overlay = .dealPrompt(typed: view?.deal?.description ?? "", problem: nil)
            }
        case .character("f"), .character("F"):
            askNetworkTimes()
        case .character("?"), .character("h"), .character("H"):
            overlay = .help
        case .character("q"), .character("Q"), .endOfInput:
            overlay = .quitPrompt
        default:
            break
        }
        return .play
    }

    /// A key in the deal prompt: letters and digits type, Backspace rubs out, Enter plays the deal (or says what is
    /// wrong with the code), Escape gives up.
    private mutating func typeDeal(_ key: Key, typed: String) {
        switch key {
        case .escape:
            overlay = .none
        case .enter:
            do {
                let code = try DealCode(parsing: typed)
                overlay = .none
                requests.append(.startRoundWithDeal(code))
            } catch {
                overlay = .dealPrompt(typed: typed, problem: texts.dealProblem(error))
            }
        case .backspace:
            overlay = .dealPrompt(typed: String(typed.dropLast()), problem: nil)
        case .character(let character) where typed.count < 16:
            overlay = .dealPrompt(typed: typed + String(character).uppercased(), problem: nil)
        case .space where typed.count < 16:
            overlay = .dealPrompt(typed: typed + " ", problem: nil)
        default:
            break
        }
    }

    /// The seat a digit key names: 1 bottom, 2 left, 3 top, 4 right (as the head starts' keys).
    static func seat(forKey key: Character) -> Seat? {
        guard let number = key.wholeNumberValue, (1...4).contains(number) else { return nil }
        return Seat(rawValue: UInt8(number - 1))
    }

    /// A watcher's keys: q or Esc leaves at once; nothing else does anything.
    private mutating func handleWatching(_ key: Key, at time: Duration) -> KeyOutcome {
        if case .networkTimes = overlay, key != .character("q"), key != .character("Q") {
            overlay = .none
            return .play
        }
        switch key {
        case .character("q"), .character("Q"), .escape, .endOfInput:
            requests.append(.leave)
            return .quit(0)
        case .character("f"), .character("F"):
            askNetworkTimes()
            return .play
        default:
            show(texts.text("terminal.hint.watching"), at: time)
            return .play
        }
    }

    /// Fairness you can see (RULES.md): asks the server how every player's network looks to the judge, and shows the
    /// answers in a box as they come (what was known before meanwhile).
    private mutating func askNetworkTimes() {
        guard let view else { return }
        requests += view.occupiedSeats.map(Request.askNetworkTime)
        overlay = .networkTimes(networkTimeLines)
    }

    /// A line per player: their median round trip and the most the judge takes off their call, or why there is none.
    var networkTimeLines: [String] {
        guard let view else { return [] }
        return view.occupiedSeats.map { seat in
            let name = seat == view.viewer
                ? texts.text("lobby.you", ["name": view[seat]!.info.name]) : view[seat]!.info.name
            guard let time = networkTimes[seat] else { return texts.text("terminal.network.asking", ["name": name]) }
            return switch time.source {
            case .measured:
                texts.text(
                    "terminal.network.measured",
                    ["name": name, "median": time.median.millisecondsText, "most": time.mostTakenOff.millisecondsText])
            case .notYetMeasured: texts.text("terminal.network.notYet", ["name": name])
            case .disconnected: texts.text("terminal.network.disconnected", ["name": name])
            case .noNetwork: texts.text("terminal.network.noNetwork", ["name": name])
            }
        }
    }

    /// The lines under the table while no round is under way: the code to share, and what to press.
    var waitingBanner: [String] {
        guard let view, !view.phase.isRoundUnderWay, let code else { return [] }
        let players = view.occupiedSeats.count
        let table = [
            texts.text("table.code", ["code": code]), texts.text("terminal.banner.seated", count: players),
            view.settings.summary(in: texts),
        ].joined(separator: "  ·  ")
        if isWatching { return [table, texts.text("terminal.banner.watchingWaiting")] }
        guard isHost else {
            return [table, texts.text("terminal.hint.waitingForHost")]
        }
        // Within the 76 columns of the banner: the table's code is on the line above, `snap join` lists the tables
        // to pick from, and finds the server by itself on a network with discovery.
        let reach = addresses.first.map { address in
            let link = "http://\(address)/?t=\(code)"
            let full = texts.text("terminal.banner.join", ["link": link, "command": "snap join ws://\(address)"])
            return full.terminalWidth <= 76 ? full : texts.text("terminal.banner.joinShort", ["link": link])
        } ?? texts.text("terminal.banner.othersJoin", ["code": code])
        let start = texts.text(
            players < 2
                ? "terminal.banner.waitingForPlayers"
                : view.phase == .waiting ? "terminal.banner.enterStarts" : "terminal.banner.nStartsNext")
        let keys = texts.text(joinLink == nil ? "terminal.banner.hostKeys" : "terminal.banner.hostKeys.qr", ["start": start])
        return [table, reach, keys]
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
        screen(size: size, colour: colour, at: time)?.render()
            ?? [texts.text(isWatching ? "terminal.connection.watching" : "terminal.connection.joining")]
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
            turnTimeLeft: turnEndsAt.map { $0 - time },
            texts: texts)
        screen.watchers = watchers
        screen.isWatching = isWatching
        screen.overlayPauses = false
        if isHost { screen.betweenRoundKeys = TableScreen.hostBetweenRoundKeys(texts) }
        if let ended {
            // Said the moment it happens, in place of what to press at a table that is gone.
            screen.banner = [ended, texts.text("terminal.pressAnyKey")]
            screen.keys = [TableScreen.KeyHint(texts.text("terminal.key.any"), texts.text("terminal.keys.leave"))]
            screen.overlay = .none
        }
        if isWatching { screen.keys = [TableScreen.KeyHint("q", texts.text("terminal.keys.stopWatching"))] }
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
