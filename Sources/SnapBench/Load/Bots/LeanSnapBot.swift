import NIOCore
import SnapCore
import SnapProtocol

/// A Snap! bot that keeps only what it needs to play, on its connection's event loop: its id and seat, the ids by
/// seat, whose turn it is, the top open card of each seat, its own card counts, and the packet numbers. It speaks
/// the newest protocol version (a message may hold several packets) and acts on the few packets that change what it
/// keeps; it plays as ``BotPlay`` does — turning
/// after a person's delay, calling on matches after a reaction time and now and then wrongly, the host starting
/// the next round — with the same seeded pace.
final class LeanSnapBot: LeanPlayer {
    /// What the bot shares with the rest of its table.
    struct Table: Sendable {
        var context: LoadContext
        var timer: ActionTimer
        var traffic: TrafficCounters
        /// The table's code to join; nil for the host, who opens the table.
        var code: String?
        /// Told the table's code once the bot is seated, or why it could not be.
        var seated: SeatSignal
    }

    /// Why a bot could not sit down.
    struct Refusal: Error, CustomStringConvertible {
        var code: UInt16
        var message: String
        var description: String { "the server refused a bot (\(code)): \(message)" }
    }

    /// The table is on another node of a cluster, at `url`: the bot's opener connects there and asks again (as
    /// the Swift and web clients do).
    struct Redirected: Error, CustomStringConvertible {
        var url: String
        var description: String { "the server sent a bot on to \(url)" }
    }

    private enum Phase { case waiting, dealing, playing, over }

    private let table: Table
    private let name: String
    private var pace: BotPace
    private let wrongCallChance: Double
    private let nextRoundDelay: Duration

    private var idText = ""
    /// Each seat's player id, to time the calls too late (PlayerCalledSnap names its caller by id).
    private var ids: [String?] = [nil, nil, nil, nil]
    private var seat: UInt8?
    private var seatText = ""
    private var host: UInt8?
    private var isSeated = false
    private var expectedNumber: UInt32 = 0
    private var awaitingSnapshot = false

    private var phase = Phase.waiting
    private var activeIsMe = false
    private var hasTurned = false
    private var stopped = false
    /// The value of each seat's top open card; 0 for none.
    private var topOpen: [UInt8] = [0, 0, 0, 0]
    private var closedCount = 0
    private var openCount = 0
    private var turnPending = false
    private var callScheduled = false
    private var cardShownAt = ContinuousClock.now

    init(table: Table, index: Int, seat: Int) {
        self.table = table
        name = "Bot \(index) \(seat + 1)"
        let settings = table.context.settings
        pace = BotPace(settings, table: index, seat: seat)
        wrongCallChance = settings.wrongCallChance
        nextRoundDelay = .seconds(1) / settings.speed
    }

    // MARK: - The connection

    func opened(_ socket: LeanWebSocket) {}

    func ended(failure: (any Error)?) {
        if !isSeated {
            table.seated.fail(failure ?? LeanWebSocket.Failure.closedBeforeUpgrade)
        } else if failure != nil {
            // Nothing drops a load run's bots on purpose.
            table.context.counters.protocolErrors.increment()
        }
    }

    func received(_ message: ByteBuffer, on socket: LeanWebSocket) {
        // From version 10 on, a message holds the packets of one moment, back to back.
        guard let frames = try? Frame.decodeMessage(message.readableBytesView) else {
            table.traffic.received(bytes: message.readableBytes)
            return protocolError()
        }
        table.traffic.received(bytes: message.readableBytes, packets: frames.count)
        for frame in frames { receive(frame, on: socket) }
    }

    private func receive(_ frame: Frame, on socket: LeanWebSocket) {
        if let number = frame.number {
            if number != expectedNumber {
                // TCP loses nothing: a gap is the server's mistake. Count it, and get the whole table again.
                protocolError()
                resync(socket)
            }
            expectedNumber = number &+ 1
        }
        switch frame.packet {
        case .ping(let value):
            send(Frame(number: nil, packet: .pong(value)).encoded(), on: socket)
        case .cardTurned(let turner, let card):
            table.timer.arrived(.turn(by: String(turner.rawValue)))
            cardShownAt = .now
            topOpen[Int(turner.rawValue)] = card.value
            if turner.rawValue == seat {
                closedCount -= 1
                openCount += 1
            }
            hasTurned = true
            turnPending = false
            callScheduled = false
            act(on: socket, turned: true)
        case .turn(let active):
            activated(active.rawValue == seat, on: socket)
        case .activatePlayer(let active):
            activated(active.rawValue == idText, on: socket)
        case .snapJudged(let call, _, _):
            called(by: call.seat, judged: true)
        case .playerCalledSnap(let caller, let verdict):
            guard let seat = ids.firstIndex(of: caller.rawValue) else { return protocolError() }
            // A call too late, or a false start, is settled without stopping the table: no Resumed follows.
            let stops = switch verdict {
            case .wrong, .correct: true
            case .tooLate, .falseStart: false
            }
            called(by: Seat(rawValue: UInt8(seat))!, judged: stops)
        case .recycled(let turned, _), .openPileTurnedUnder(let turned, _):
            topOpen[Int(turned.rawValue)] = 0
            if turned.rawValue == seat {
                closedCount += openCount
                openCount = 0
            }
            act(on: socket)
        case .pileCollected(let from, let to, let count):
            topOpen[Int(from.rawValue)] = 0
            if from.rawValue == seat { openCount = 0 }
            if to.rawValue == seat { closedCount += Int(count) }
        case .cardPaid(let from, let to):
            if from.rawValue == seat { closedCount -= 1 }
            if to.rawValue == seat { closedCount += 1 }
        case .resumed:
            stopped = false
            act(on: socket)
        case .dealFinished:
            phase = .playing
            cardShownAt = .now
            act(on: socket)
        case .roundWon:
            endRound()
            if seat != nil, host == seat {
                table.context.counters.rounds.increment()
                socket.schedule(after: nextRoundDelay) { [weak self, weak socket] in
                    guard let self, let socket else { return }
                    self.send(Self.startRound, on: socket)
                }
            }
        case .roundAbandoned:
            endRound()
        case .hostChanged(let newHost):
            host = newHost?.rawValue
        case .serverReady(let players):
            ids = [nil, nil, nil, nil]
            for player in players { ids[Int(player.seat.rawValue)] = player.id.rawValue }
        case .playerJoined(let joined, let info):
            ids[Int(joined.rawValue)] = info.id.rawValue
        default:
            // Rare: once a round at most, or never in a load run.
            handle(frame.packet, on: socket)
        }
    }

    private func activated(_ isMe: Bool, on socket: LeanWebSocket) {
        activeIsMe = isMe
        hasTurned = false
        act(on: socket)
    }

    /// A call arrived at this seat: timed by its caller's seat; a judged one (correct or wrong) stops the table
    /// until Resumed.
    private func called(by caller: Seat, judged: Bool) {
        table.timer.arrived(.call(by: String(caller.rawValue)))
        if judged { stopped = true }
    }

    private func handle(_ packet: Packet, on socket: LeanWebSocket) {
        switch packet {
        case .signInRequest:
            send(Frame(number: nil, packet: .hello(version: Wire.version)).encoded(), on: socket)
            send(Frame(number: nil, packet: .signInResponse(name: name)).encoded(), on: socket)
        case .welcome(_, let id, _):
            idText = id.rawValue
            let request: Packet = table.code.map { .joinTable(code: $0) } ?? .hostTable(solo: false)
            send(Frame(number: nil, packet: request).encoded(), on: socket)
        case .tableJoined(let code, let seat):
            self.seat = seat.rawValue
            seatText = String(seat.rawValue)
            if table.code == nil { host = seat.rawValue }
            isSeated = true
            table.seated.succeed(code)
        case .snapshot(let view):
            awaitingSnapshot = false
            adopt(view)
            ids = Seat.allCases.map { view[$0]?.info.id.rawValue }
            act(on: socket)
        case .error(let code, let message):
            guard isSeated else {
                table.seated.fail(Refusal(code: code, message: message))
                return socket.close()
            }
            // Game refusals (a call too late, a turn out of order) are part of play; wire errors are not.
            if WireErrorCode(rawValue: code) != nil { protocolError() }
            turnPending = false
        case .dealCards(_, _, let counts):
            phase = .dealing
            activeIsMe = false
            hasTurned = false
            stopped = false
            topOpen = [0, 0, 0, 0]
            closedCount = Int(counts.first { $0.seat.rawValue == seat }?.count ?? 0)
            openCount = 0
        case .seatsRearranged(let moves):
            let move = { (from: UInt8?) -> UInt8? in
                from.map { from in moves.first { $0.from.rawValue == from }?.to.rawValue ?? from }
            }
            seat = move(seat)
            seatText = seat.map { String($0) } ?? ""
            host = move(host)
            topOpen = SeatMove.rearranged(topOpen, by: moves, leaving: 0)
            ids = SeatMove.rearranged(ids, by: moves, leaving: nil)
        case .redirect(let url, _):
            // Only a request for a table is answered so: once seated, the bot never asks for one again.
            guard !isSeated else { return protocolError() }
            table.seated.fail(Redirected(url: url))
            socket.close()
        case .otherClientQuit:
            // Someone left and their cards went elsewhere: the bot does not know their seat, so it asks for the
            // table again rather than guess. Never part of a load run.
            resync(socket)
        default:
            break
        }
    }

    // MARK: - Playing

    private var canTurn: Bool {
        phase == .playing && !stopped && activeIsMe && !hasTurned && closedCount > 0 && !awaitingSnapshot
    }

    private var canCall: Bool { phase == .playing && closedCount + openCount > 0 && !awaitingSnapshot }

    private var seesAMatch: Bool {
        for first in 0..<3 where topOpen[first] != 0 {
            for second in (first + 1)..<4 where topOpen[second] == topOpen[first] { return true }
        }
        return false
    }

    /// Turns or calls if the table now asks for it, as ``BotPlay`` does after each update.
    private func act(on socket: LeanWebSocket, turned: Bool = false) {
        if canTurn, !turnPending {
            turnPending = true
            socket.schedule(after: pace.turnDelay()) { [weak self, weak socket] in
                guard let self, let socket else { return }
                guard self.canTurn else {
                    self.turnPending = false
                    return
                }
                let counters = self.table.context.counters
                self.table.timer.sent(.turn(by: self.seatText))
                counters.turns.increment()
                counters.actions.increment()
                self.send(Self.turnCard, on: socket)
            }
        }
        guard !callScheduled, canCall, !stopped, !idText.isEmpty else { return }
        if seesAMatch || (turned && pace.chance(wrongCallChance)) {
            callScheduled = true
            socket.schedule(after: pace.reaction()) { [weak self, weak socket] in
                guard let self, let socket else { return }
                let counters = self.table.context.counters
                self.table.timer.sent(.call(by: self.seatText))
                counters.calls.increment()
                counters.actions.increment()
                let reaction = Wire.microseconds(ContinuousClock.now - self.cardShownAt)
                self.send(Frame(number: nil, packet: .callSnap(reaction: reaction)).encoded(), on: socket)
            }
        }
    }

    private func endRound() {
        phase = .over
        activeIsMe = false
        hasTurned = false
        stopped = false
    }

    /// Takes what the bot needs from a whole view of the table.
    private func adopt(_ view: PlayerView) {
        seat = view.viewer?.rawValue
        seatText = seat.map { String($0) } ?? ""
        host = view.host?.rawValue
        switch view.phase {
        case .waiting: phase = .waiting
        case .dealing: phase = .dealing
        case .playing: phase = .playing
        case .roundOver: phase = .over
        }
        activeIsMe = view.active != nil && view.active == view.viewer
        hasTurned = view.hasTurned
        stopped = view.stop != nil
        topOpen = view.seats.map { $0?.topOpen?.value ?? 0 }
        let mine = view.viewer.flatMap { view[$0] }
        closedCount = mine?.closedCount ?? 0
        openCount = mine?.open.count ?? 0
    }

    private func resync(_ socket: LeanWebSocket) {
        guard !awaitingSnapshot else { return }
        awaitingSnapshot = true
        send(Self.resyncRequest, on: socket)
    }

    private func send(_ bytes: [UInt8], on socket: LeanWebSocket) {
        table.traffic.sent(bytes: bytes.count)
        socket.send(bytes)
    }

    private func protocolError() {
        table.context.counters.protocolErrors.increment()
    }

    private static let turnCard = Frame(number: nil, packet: .clientTurnedCard).encoded()
    private static let startRound = Frame(number: nil, packet: .startRound).encoded()
    private static let resyncRequest = Frame(number: nil, packet: .resyncRequest).encoded()
}
