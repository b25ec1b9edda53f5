import NIOCore
import NIOPosix
import SnapCore
import SnapProtocol
import Synchronization

/// A table of bots on the transport floor (``FloorServer``): the same connections, frame sizes, pace and fan-out
/// as a Snap! table, with lean bots (``LeanFloorBot``) on one shared event loop and no game.
final class FloorLoadTable: LoadTable {
    let index: Int
    private let context: LoadContext
    private let timer: ActionTimer
    private let counters = TrafficCounters()
    private let loop: any EventLoop
    private let channels = Mutex<[any Channel]>([])

    init(index: Int, context: LoadContext, loop: any EventLoop) {
        self.index = index
        self.context = context
        self.loop = loop
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
        if let first = channels.withLock({ $0.first }) {
            let turn = FloorMessage.turn(seat: 0).encoded()
            counters.sent(bytes: turn.count)
            first.writeAndFlush(LeanWebSocket.binaryFrame(turn), promise: nil)
        }
    }

    func traffic() async -> Traffic { counters.traffic }

    func cardsConserved() async -> Bool { true }

    func close() async {
        for channel in channels.withLock({ $0 }) {
            channel.eventLoop.execute {
                try? channel.pipeline.syncOperations.handler(type: LeanWebSocket.self).close()
            }
        }
    }

    /// Opens seat `seat`'s connection, returning once it has sent its join.
    private func connect(seat: UInt8) async throws {
        let bot = LeanFloorBot.Table(
            context: context, timer: timer, traffic: counters, group: UInt32(index),
            pace: BotPace(context.settings, table: index, seat: Int(seat)))
        let url = context.url
        _ = try await SeatSignal.wait { signal in
            LeanWebSocket.connect(to: url, on: loop) { LeanFloorBot(table: bot, seat: seat, joined: signal) }
                .whenComplete { result in
                    switch result {
                    case .success(let channel): self.channels.withLock { $0.append(channel) }
                    case .failure(let error): signal.fail(error)
                    }
                }
        }
    }
}
