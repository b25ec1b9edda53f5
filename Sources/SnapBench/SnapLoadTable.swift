import Logging
import SnapClient
import SnapCore
import SnapProtocol
import Synchronization

/// A Snap! table of bots over real WebSocket connections: the first hosts, the others join by code, and they
/// play rounds as people would — turning on their turn, calling on matches after a human reaction time, now
/// and then calling wrongly — with the host starting the next round when one is won.
final class SnapLoadTable: LoadTable {
    private let index: Int
    private let context: LoadContext
    private let timer: ActionTimer
    private let clients = Mutex<[SnapClient]>([])

    init(index: Int, context: LoadContext) {
        self.index = index
        self.context = context
        timer = ActionTimer(seats: context.settings.players, recorder: context.recorder)
    }

    func open() async throws {
        let logger = Logger.quiet("snap.bench.client")
        var code: String?
        for seat in 0..<context.settings.players {
            let client: SnapClient
            let seatTaken: Seat
            do {
                // Arrivals are stamped as packets are decoded, before the bot's own work on them.
                client = try await SnapClient.connect(
                    to: context.url, name: "Bot \(index) \(seat + 1)",
                    onPacket: { [timer] packet in
                        switch packet {
                        case .cardTurned(let seat, _): timer.arrived(.turn(by: String(seat.rawValue)))
                        case .playerCalledSnap(let id, _): timer.arrived(.call(by: id.rawValue))
                        default: break
                        }
                    }, logger: logger)
                seatTaken = try await client.sitDown(at: code)
            } catch {
                context.counters.failed.wrappingAdd(context.settings.players - seat, ordering: .relaxed)
                throw error
            }
            if code == nil { code = await client.tableCode }
            context.counters.connected.increment()
            clients.withLock { $0.append(client) }
            let pace = BotPace(context.settings, table: index, seat: seat)
            Task { await self.play(client, at: seatTaken, isHost: seat == 0, pace: pace) }
        }
        await clients.withLock { $0[0] }.startRound()
    }

    func traffic() async -> Traffic {
        var traffic = Traffic()
        for client in clients.withLock({ $0 }) {
            traffic.packetsOut += await client.packetsReceived
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

    /// One bot: reacts to what its client sees until the connection closes.
    private func play(_ client: SnapClient, at seat: Seat, isHost: Bool, pace: BotPace) async {
        let id = await client.id
        var pace = pace
        let counters = context.counters
        let timer = timer
        let speed = context.settings.speed
        // Set while a turn is on its way; cleared when the card is seen turned, when the server refuses the turn,
        // or by the turn itself when, by the time it is due, the table no longer lets it be taken (a call
        // stopped play). Any of the three lets the bot try again, so a table can never stall.
        let turnPending = TurnInFlight()
        var callScheduled = false
        for await update in client.updates {
            let view: PlayerView
            var turned = false
            switch update {
            case .table(let newView, let events):
                view = newView
                for event in events {
                    switch event {
                    case .cardTurned:
                        turned = true
                        turnPending.clear()
                        callScheduled = false
                    case .roundWon where isHost:
                        counters.rounds.increment()
                        Task {
                            try? await Task.sleep(for: .seconds(1) / speed)
                            await client.startRound()
                        }
                    default:
                        break
                    }
                }
            case .snapshot(let newView):
                view = newView
            case .refused(let code, _):
                // Game refusals (a call too late, a turn out of order) are part of play; wire errors are not.
                if WireErrorCode(rawValue: code) != nil { counters.protocolErrors.increment() }
                turnPending.clear()
                continue
            case .reconnecting:
                counters.protocolErrors.increment()
                continue
            default:
                continue
            }
            if view.viewerCanTurn, turnPending.set() {
                let delay = pace.turnDelay()
                Task {
                    try? await Task.sleep(for: delay)
                    if await client.view?.viewerCanTurn != true {
                        turnPending.clear()
                        // The table may have become turnable again between the look and the clear, while the
                        // loop's offer was turned away: look once more, so that the bot cannot stall.
                        guard await client.view?.viewerCanTurn == true, turnPending.set() else { return }
                    }
                    timer.sent(.turn(by: String(seat.rawValue)))
                    counters.turns.increment()
                    counters.actions.increment()
                    await client.turnCard()
                }
            }
            guard !callScheduled, view.viewerCanCall, view.stop == nil, let id else { continue }
            let match = !view.matchingSeats.isEmpty
            if match || (turned && pace.chance(context.settings.wrongCallChance)) {
                callScheduled = true
                let delay = pace.reaction()
                Task {
                    try? await Task.sleep(for: delay)
                    timer.sent(.call(by: id.rawValue))
                    counters.calls.increment()
                    counters.actions.increment()
                    await client.callSnap()
                }
            }
        }
    }
}

/// A bot's mark that its turn is on its way, shared between its loop and the task that turns later.
private final class TurnInFlight: Sendable {
    private let raised = Atomic(false)

    /// Raises the flag; false if it was already up.
    func set() -> Bool { raised.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged }

    /// Lowers it.
    func clear() { raised.store(false, ordering: .relaxed) }
}
