import HummingbirdWSClient
import Logging
import NIOCore
import SnapCore
import SnapProtocol
import Synchronization

/// A table of bots on the transport floor (``FloorServer``): the same connections, frame sizes, pace and fan-out
/// as a ``SnapLoadTable``, with bare WebSocket clients and no game.
final class FloorLoadTable: LoadTable {
    private let index: Int
    private let context: LoadContext
    private let timer: ActionTimer
    private let writers = Mutex<[WebSocketOutboundWriter]>([])
    private let packetsOut = Atomic(0)
    private let bytesOut = Atomic(0)
    private let packetsIn = Atomic(0)
    private let bytesIn = Atomic(0)

    init(index: Int, context: LoadContext) {
        self.index = index
        self.context = context
        timer = ActionTimer(seats: context.settings.players, recorder: context.recorder)
    }

    func open() async throws {
        for seat in 0..<context.settings.players {
            do {
                try await connect(seat: UInt8(seat))
            } catch {
                context.counters.failed.wrappingAdd(context.settings.players - seat, ordering: .relaxed)
                throw error
            }
            context.counters.connected.increment()
        }
        // Seat 0 starts; from then on the server's activations keep the table turning. The first turn is not
        // timed: the others' joins may still be on their way, so not every seat would see it.
        if let first = writers.withLock({ $0.first }) { send(.turn(seat: 0), on: first) }
    }

    func traffic() async -> Traffic {
        var traffic = Traffic()
        traffic.packetsOut = packetsOut.value
        traffic.bytesOut = bytesOut.value
        traffic.packetsIn = packetsIn.value
        traffic.bytesIn = bytesIn.value
        return traffic
    }

    func cardsConserved() async -> Bool { true }

    func close() async {
        for writer in writers.withLock({ $0 }) { try? await writer.close(.normalClosure, reason: nil) }
    }

    /// Opens seat `seat`'s connection, returning once it has sent its join; the bot then plays on in a task.
    private func connect(seat: UInt8) async throws {
        let logger = Logger.quiet("snap.bench.floor-client")
        let startingPace = BotPace(context.settings, table: index, seat: Int(seat))
        let settle = (TableTiming.standard.showVerdict + TableTiming.standard.afterMove) / context.settings.speed
        let callChance = context.settings.floorCallChance
        let (url, group) = (context.url, UInt32(index))
        try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
            let signal = Mutex<CheckedContinuation<Void, any Error>?>(opened)
            Task {
                do {
                    try await WebSocketClient.connect(
                        url: url,
                        configuration: .init(maxFrameSize: Wire.maximumPacketSize, autoPing: .enabled(timePeriod: .seconds(10))),
                        logger: logger
                    ) { inbound, outbound, _ in
                        self.writers.withLock { $0.append(outbound) }
                        self.send(.join(group: group, seat: seat), on: outbound)
                        signal.withLock { $0.take() }?.resume()
                        var pace = startingPace
                        var lastCall: ContinuousClock.Instant?
                        for try await message in inbound.messages(maxSize: Wire.maximumPacketSize) {
                            guard case .binary(let buffer) = message, let received = FloorMessage(buffer.readableBytesView) else {
                                self.context.counters.protocolErrors.increment()
                                continue
                            }
                            self.packetsOut.increment()
                            self.bytesOut.wrappingAdd(buffer.readableBytes, ordering: .relaxed)
                            switch received {
                            case .activate(let active) where active == seat:
                                var delay = pace.turnDelay()
                                // After a call, Snap! pauses while the verdict shows and the cards move.
                                if let lastCall { delay = max(delay, lastCall + settle - .now) }
                                self.send(.turn(seat: seat), on: outbound, after: delay, timing: .turn(by: String(seat)))
                            case .turned(let turner):
                                self.timer.arrived(.turn(by: String(turner)))
                                if pace.chance(callChance) {
                                    self.send(.call(seat: seat), on: outbound, after: pace.reaction(), timing: .call(by: String(seat)))
                                }
                            case .called(let caller):
                                self.timer.arrived(.call(by: String(caller)))
                                lastCall = .now
                            case .ping:
                                self.send(.pong, on: outbound)
                            default:
                                break
                            }
                        }
                    }
                    signal.withLock { $0.take() }?.resume(throwing: FloorClientError.closedBeforeJoining)
                } catch {
                    signal.withLock { $0.take() }?.resume(throwing: error)
                }
            }
        }
    }

    /// Sends `message`, after `delay` if there is one, timing it as `timing` and counting it as an action if so.
    private func send(
        _ message: FloorMessage, on outbound: WebSocketOutboundWriter, after delay: Duration = .zero,
        timing: ActionTimer.Action? = nil
    ) {
        Task {
            if delay > .zero { try? await Task.sleep(for: delay) }
            let bytes = message.encoded()
            if let timing {
                timer.sent(timing)
                context.counters.actions.increment()
                if case .call = timing { context.counters.calls.increment() } else { context.counters.turns.increment() }
            }
            packetsIn.increment()
            bytesIn.wrappingAdd(bytes.count, ordering: .relaxed)
            try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
        }
    }
}

/// Why a floor client could not take its seat.
enum FloorClientError: Error, CustomStringConvertible {
    case closedBeforeJoining

    var description: String { "the floor server closed the connection before the client could join its group" }
}
