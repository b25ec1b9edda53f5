import Logging
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Synchronization

/// A Snap! table of bots over real WebSocket connections: the first hosts, the others join by code, and they
/// play rounds as people would — turning on their turn, calling on matches after a human reaction time, now
/// and then calling wrongly — with the host starting the next round when one is won.
final class SnapLoadTable: LoadTable {
    let index: Int
    private let context: LoadContext
    private let timer: ActionTimer
    private let clients = Mutex<[SnapClient]>([])
    /// Each seat's player id, from what the bots are told: a version 10 verdict (SnapJudged) names its caller by seat,
    /// and calls are timed by id.
    private let idOfSeat = Mutex<[Seat: String]>([:])

    init(index: Int, context: LoadContext) {
        self.index = index
        self.context = context
        timer = ActionTimer(seats: context.settings.players, recorder: context.mirrorRecorder)
    }

    func open() async throws {
        let logger = Logger.quiet("snap.bench.client")
        var code: String?
        for seat in 0..<context.settings.players {
            let client: SnapClient
            do {
                // Arrivals are stamped as packets are decoded, before the bot's own work on them.
                client = try await SnapClient.connect(
                    to: context.url, name: "Bot \(index) \(seat + 1)",
                    configuration: .init(logger: logger),
                    instruments: ClientInstruments(onPacket: { [weak self] packet in self?.observe(packet) }))
                _ = try await client.sitDown(at: code)
            } catch {
                context.counters.failed.wrappingAdd(context.settings.players - seat, ordering: .relaxed)
                throw error
            }
            if code == nil { code = await client.tableCode }
            context.counters.connected.increment()
            clients.withLock { $0.append(client) }
            let pace = BotPace(context.settings, table: index, seat: seat)
            Task { await self.play(client, pace: pace) }
        }
        await clients.withLock { $0[0] }.startRound()
    }

    func traffic() async -> Traffic {
        var traffic = Traffic()
        for client in clients.withLock({ $0 }) {
            traffic.packetsOut += await client.packetsReceived
            traffic.messagesOut += await client.messagesReceived
            traffic.bytesOut += await client.bytesReceived
            traffic.packetsIn += await client.packetsSent
            traffic.bytesIn += await client.bytesSent
            traffic.protocolErrors += await client.protocolErrors
        }
        return traffic
    }

    func cardsConserved() async -> Bool {
        for client in clients.withLock({ $0 }) {
            guard let view = await client.view else { continue }
            // Before the first deal nobody holds cards; from then on the 52 are always somewhere.
            if view.round > 0, view.cardCount != Deck.ordered.count { return false }
        }
        return true
    }

    func close() async {
        for client in clients.withLock({ $0 }) { await client.disconnect() }
    }

    /// Sees every packet a bot gets the moment it is decoded: the arrivals of turns and calls, the redirects, and
    /// who sits where.
    private func observe(_ packet: Packet) {
        switch packet {
        case .redirect: context.counters.redirects.increment()
        case .cardTurned(let seat, _): timer.arrived(.turn(by: String(seat.rawValue)))
        case .playerCalledSnap(let id, _): timer.arrived(.call(by: id.rawValue))
        case .snapJudged(let call, _, _):
            if let id = idOfSeat.withLock({ $0[call.seat] }) { timer.arrived(.call(by: id)) }
        case .serverReady(let players):
            idOfSeat.withLock { ids in for player in players { ids[player.seat] = player.id.rawValue } }
        case .playerJoined(let seat, let player):
            idOfSeat.withLock { $0[seat] = player.id.rawValue }
        default: break
        }
    }

    /// One bot: plays until the connection closes, timing its actions and counting them.
    private func play(_ client: SnapClient, pace: BotPace) async {
        let counters = context.counters
        let timer = timer
        var hooks = BotPlay.Hooks()
        hooks.turning = { seat in
            timer.sent(.turn(by: String(seat.rawValue)))
            counters.turns.increment()
            counters.actions.increment()
        }
        hooks.calling = { id in
            timer.sent(.call(by: id.rawValue))
            counters.calls.increment()
            counters.actions.increment()
        }
        hooks.roundWon = { counters.rounds.increment() }
        // Game refusals (a call too late, a turn out of order) are part of play; wire errors are not.
        hooks.refused = { code in if WireErrorCode(rawValue: code) != nil { counters.protocolErrors.increment() } }
        // Nothing drops a load run's bots on purpose.
        hooks.reconnecting = { counters.protocolErrors.increment() }
        let play = BotPlay(
            wrongCallChance: context.settings.wrongCallChance, nextRoundDelay: .seconds(1) / context.settings.speed)
        await play.play(client, pace: pace, hooks: hooks)
    }
}
