import Logging
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapNetworkTools
import SnapProtocol
import Synchronization

/// One racing player of `snap-bench fairness`: a SnapClient connected through its own delay proxy. On every card
/// it sees turned (the moment it decodes the CardTurned is when the card was "drawn" for it) it waits its
/// scripted reaction and calls with the reaction it actually took, on its own clock — or lies, if it cheats.
/// When it is its turn it turns its card as soon as the last race is over.
final class FairnessPlayer: Sendable {
    /// 0 or 1: which of the table's two players.
    let number: Int
    /// The proxy it reaches the server through.
    let proxy: DelayProxy
    private let table: FairnessTable
    private let cheat: FairnessCheat?
    private let speed: Double
    private let connection = Mutex<SnapClient?>(nil)
    private let seat = Mutex<Seat?>(nil)
    /// The call waiting for its moment, and the race it belongs to.
    private let pendingCall = Mutex<(race: Int, task: Task<Void, Never>)?>(nil)
    /// The reaction (µs) of the last call, which the replaying cheat sends again; before its first call it
    /// replays one recorded earlier, claiming 200 ms (a typical reaction).
    private let lastClaim = Mutex<UInt32>(200_000)
    private let turnInFlight = Mutex<ContinuousClock.Instant?>(nil)
    private let errors = Atomic(0)
    private let refusedCalls = Atomic(0)

    private init(number: Int, proxy: DelayProxy, table: FairnessTable, cheat: FairnessCheat?, speed: Double) {
        self.number = number
        self.proxy = proxy
        self.table = table
        self.cheat = cheat
        self.speed = speed
    }

    /// The address the proxies the servers trust connect from (`snap serve --trusted-proxy`).
    static let trustedSource = "127.0.0.2"

    /// Connects player `number` of `table` through a new proxy to the server on `serverPort`, and sits down: hosts
    /// when `code` is nil, else joins that table.
    static func join(
        _ number: Int, table: FairnessTable, serverPort: Int, code: String?, seed: UInt64, speed: Double
    ) async throws -> FairnessPlayer {
        let network = table.scenario.networks[number]
        let cheat = number == 1 ? table.scenario.cheat : nil
        let trusted = cheat == nil || table.scenario.cheaterBehindTrustedProxy
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: serverPort, toTarget: network, toClient: network, seed: seed,
            recording: true, from: trusted ? trustedSource : "127.0.0.1")
        let player = FairnessPlayer(number: number, proxy: proxy, table: table, cheat: cheat, speed: speed)
        do {
            let client = try await SnapClient.connect(
                to: "ws://127.0.0.1:\(proxy.port)/ws", name: "T\(table.index) P\(number)",
                configuration: .init(logger: Logger.quiet("snap.bench.fairness")),
                instruments: ClientInstruments(
                    onPacket: { [player] packet in player.observe(packet) }, answerPing: Self.pongs(for: cheat)))
            player.connection.withLock { $0 = client }
            let seat = try await client.sitDown(at: code)
            player.seat.withLock { $0 = seat }
            if let id = await client.id { table.seat(number, id: id, seat: seat) }
        } catch {
            await proxy.close()
            throw error
        }
        return player
    }

    /// How a cheat answers pings (nil: at once, as an honest client does).
    private static func pongs(for cheat: FairnessCheat?) -> (@Sendable (UInt64) async -> UInt64?)? {
        switch cheat {
        case .slowPongs:
            { value in
                try? await Task.sleep(for: FairnessCheat.pongHold)
                return value
            }
        case .forgedPongs:
            { value in value &- FairnessCheat.forgedPongShift }
        default:
            nil
        }
    }

    /// The client, once connected.
    var client: SnapClient? { connection.withLock { $0 } }

    /// The table's code, for the other player to join.
    var tableCode: String? { get async { await client?.tableCode } }

    /// Wire errors, undecodable packets and dropped connections seen by this player.
    var protocolErrors: Int { get async { errors.load(ordering: .relaxed) + (await client?.protocolErrors ?? 0) } }

    /// Calls the server refused under its rate limit.
    var callsRefused: Int { refusedCalls.load(ordering: .relaxed) }

    /// Starts the first round (the host).
    func startRound() async { await client?.startRound() }

    /// Gives `other` a head start (the host, before the first round).
    func giveHeadStart(_ headStart: Duration, to other: FairnessPlayer) async {
        guard let seat = other.seat.withLock({ $0 }) else { return }
        await client?.setHeadStart(headStart, for: seat)
    }

    /// Plays until the connection closes: turns on its turn, and as host starts the next round when one is won.
    func play() async {
        guard let client else { return }
        let watchdog = Task {
            // A turn can be refused while a call is judged; whatever was missed, look again now and then.
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                await considerTurn()
            }
        }
        defer { watchdog.cancel() }
        for await update in client.updates {
            switch update {
            case .table(_, let events):
                for event in events {
                    switch event {
                    case .roundWon where number == 0:
                        Task {
                            try? await Task.sleep(for: max(.milliseconds(50), .seconds(1) / speed))
                            await client.startRound()
                        }
                    case .callTimed(let seat, _, let margin):
                        table.margin(seenBy: number, seat: seat, margin: margin)
                    default:
                        break
                    }
                }
            case .snapshot:
                break
            case .refused(let code, _) where code == WireErrorCode.rateLimited.rawValue:
                // Only a cheat that calls on every card at once calls this often.
                refusedCalls.wrappingAdd(1, ordering: .relaxed)
                table.callRefused(number)
                continue
            case .refused(let code, _):
                // The rules' refusals (a turn while a call is settled) are part of play; wire errors are not.
                if WireErrorCode(rawValue: code) != nil { errors.wrappingAdd(1, ordering: .relaxed) }
                turnInFlight.withLock { $0 = nil }
            case .reconnecting:
                errors.wrappingAdd(1, ordering: .relaxed)
                continue
            case .closed:
                return
            default:
                continue
            }
            // Not awaited: waiting for the race to end must not hold up the updates behind it.
            Task { await considerTurn() }
        }
    }

    /// Closes the connection and the proxy.
    func close() async {
        pendingCall.withLock { $0?.task.cancel() }
        await client?.disconnect()
        await proxy.close()
    }

    // MARK: - Turning

    /// Turns this player's card if it may, as soon as the last race is over.
    private func considerTurn() async {
        guard let client, await client.view?.viewerCanTurn == true else { return }
        let now = ContinuousClock.now
        // One turn at a time; one that got no answer in five seconds is forgotten, so a player can never stall.
        let mine = turnInFlight.withLock { inFlight in
            if let since = inFlight, now - since < .seconds(5) { return false }
            inFlight = now
            return true
        }
        guard mine else { return }
        while let wait = table.turnWait(for: number) {
            try? await Task.sleep(for: wait)
        }
        guard await client.view?.viewerCanTurn == true else {
            turnInFlight.withLock { $0 = nil }
            return
        }
        await client.turnCard()
    }

    // MARK: - Racing

    /// Sees every packet the moment it is decoded.
    private func observe(_ packet: Packet) {
        switch packet {
        case .cardTurned(let turner, let card):
            let now = ContinuousClock.now
            if turner == seat.withLock({ $0 }) { turnInFlight.withLock { $0 = nil } }
            let (race, reaction) = table.drawn(by: number, at: now)
            let task = Task { await self.call(in: race, drawnAt: now, reaction: reaction, on: card, turnedBy: turner) }
            pendingCall.withLock { pending in
                pending?.task.cancel()
                pending = (race, task)
            }
        case .playerCalledSnap(let caller, .falseStart):
            // Not a verdict on the race: the card stays open for the others.
            table.falseStart(seenBy: number, caller: caller)
        case .playerCalledSnap(let caller, let verdict) where verdict != .tooLate:
            if case .correct = verdict {
                table.verdict(seenBy: number, caller: caller, correct: true)
            } else {
                table.verdict(seenBy: number, caller: caller, correct: false)
            }
            // The race is decided: a call still waiting would only be too late.
            pendingCall.withLock { $0?.task.cancel() }
        case .snapJudged(let call, _, _):
            let correct = if case .correct = call.verdict { true } else { false }
            table.verdict(seenBy: number, seat: call.seat, correct: correct)
            pendingCall.withLock { $0?.task.cancel() }
        default:
            break
        }
    }

    /// Calls in `race` once the scripted reaction has passed since `drawnAt`, claiming what the player took — or
    /// whatever its cheat claims. Where only matches are raced, a player that looks calls only when `card`, turned
    /// by `turner`, matches the other top card.
    private func call(
        in race: Int, drawnAt: ContinuousClock.Instant, reaction scripted: Duration, on card: Card, turnedBy turner: Seat
    ) async {
        guard let client else { return }
        let clock = ContinuousClock()
        if table.scenario.matchesOnly, cheat?.callsBlind != true {
            // The other seats' top cards are what this packet left as they were, applied to the view or not yet.
            let view = await client.view
            let matched = Seat.clockwise.contains { $0 != turner && view?[$0]?.topOpen?.value == card.value }
            guard matched else {
                table.gaveUp(number, in: race)
                return
            }
        }
        let reaction = cheat == .fastBot ? FairnessCheat.botReaction : scripted
        if cheat == .replayedCall {
            let replayed = lastClaim.withLock { $0 }
            // The old call's bytes again, before the player could have seen the card.
            let now = clock.now
            guard table.mayCall(number, in: race, took: now - drawnAt, at: now) else { return }
            await client.send(.callSnap(reaction: replayed))
            return
        }
        let hold = cheat == .lateCalls ? FairnessCheat.callHold : .zero
        do {
            try await clock.sleep(until: drawnAt + reaction + hold)
        } catch {
            table.gaveUp(number, in: race)
            return
        }
        let now = clock.now
        let took = now - drawnAt - hold
        guard table.mayCall(number, in: race, took: took, at: now) else { return }
        let claim: Duration =
            switch cheat {
            case .zeroReaction, .slowPongs, .forgedPongs: .zero
            default: took
            }
        lastClaim.withLock { $0 = UInt32(clamping: claim.nanoseconds / 1_000) }
        await client.callSnap(reaction: claim)
    }
}
