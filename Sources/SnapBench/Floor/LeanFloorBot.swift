import NIOCore
import SnapCore

/// A bot on the transport floor, lean in the same way as ``LeanSnapBot``: a channel handler's player on a shared
/// event loop that turns when activated and calls now and then, at the Snap! bots' pace.
final class LeanFloorBot: LeanPlayer {
    /// What the bot shares with the rest of its group.
    struct Table: Sendable {
        var context: LoadContext
        var timer: ActionTimer
        var traffic: TrafficCounters
        var group: UInt32
        /// The pace of this seat's bot.
        var pace: BotPace
    }

    private let table: Table
    private let seat: UInt8
    private let joined: SeatSignal
    private var pace: BotPace
    private let settle: Duration
    private let callChance: Double
    private var lastCall: ContinuousClock.Instant?
    private var isJoined = false

    init(table: Table, seat: UInt8, joined: SeatSignal) {
        self.table = table
        self.seat = seat
        self.joined = joined
        pace = table.pace
        settle = (TableTiming.standard.showVerdict + TableTiming.standard.afterMove) / table.context.settings.speed
        callChance = table.context.settings.floorCallChance
    }

    func opened(_ socket: LeanWebSocket) {
        send(.join(group: table.group, seat: seat), on: socket)
        isJoined = true
        joined.succeed("")
    }

    func ended(failure: (any Error)?) {
        if !isJoined {
            joined.fail(failure ?? FloorClientError.closedBeforeJoining)
        } else if failure != nil {
            table.context.counters.protocolErrors.increment()
        }
    }

    func received(_ message: ByteBuffer, on socket: LeanWebSocket) {
        guard let received = FloorMessage(message.readableBytesView) else {
            return table.context.counters.protocolErrors.increment()
        }
        table.traffic.received(bytes: message.readableBytes)
        switch received {
        case .activate(let active) where active == seat:
            var delay = pace.turnDelay()
            // After a call, Snap! pauses while the verdict shows and the cards move.
            if let lastCall { delay = max(delay, lastCall + settle - .now) }
            send(.turn(seat: seat), on: socket, after: delay, timing: .turn(by: String(seat)))
        case .turned(let turner, let card):
            table.timer.arrived(.turn(by: String(turner)))
            // Every bot of the group calls on the same cards, as Snap! bots all call on a match they all see.
            if Self.everyoneCalls(on: card, in: table.group, seed: table.context.settings.seed, chance: callChance) {
                send(.call(seat: seat), on: socket, after: pace.reaction(), timing: .call(by: String(seat)))
            }
        case .called(let caller):
            table.timer.arrived(.call(by: String(caller)))
            lastCall = .now
        case .ping:
            send(.pong, on: socket)
        default:
            break
        }
    }

    /// Whether a group's bots all call on its `card`-th card: the same answer for each of them, from the run's seed,
    /// true for `chance` of the cards.
    static func everyoneCalls(on card: UInt32, in group: UInt32, seed: UInt64, chance: Double) -> Bool {
        var mixer = SplitMix64(seed: seed ^ (UInt64(group) << 32 | UInt64(card)))
        return Double(mixer.next() >> 11) / Double(1 << 53) < chance
    }

    /// Sends `message`, after `delay` if there is one, timing it as `timing` and counting it as an action if so.
    private func send(
        _ message: FloorMessage, on socket: LeanWebSocket, after delay: Duration = .zero,
        timing: ActionTimer.Action? = nil
    ) {
        guard delay > .zero else { return write(message, on: socket, timing: timing) }
        socket.schedule(after: delay) { [weak self, weak socket] in
            guard let self, let socket else { return }
            self.write(message, on: socket, timing: timing)
        }
    }

    private func write(_ message: FloorMessage, on socket: LeanWebSocket, timing: ActionTimer.Action?) {
        let bytes = message.encoded()
        if let timing {
            table.timer.sent(timing)
            let counters = table.context.counters
            counters.actions.increment()
            if case .call = timing { counters.calls.increment() } else { counters.turns.increment() }
        }
        table.traffic.sent(bytes: bytes.count)
        socket.send(bytes)
    }
}

/// Why a floor client could not take its seat.
enum FloorClientError: Error, CustomStringConvertible {
    case closedBeforeJoining

    var description: String { "the floor server closed the connection before the client could join its group" }
}
