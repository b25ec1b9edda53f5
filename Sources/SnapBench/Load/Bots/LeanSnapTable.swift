import NIOCore
import NIOPosix
import SnapProtocol
import Synchronization

/// A Snap! table of lean bots (``LeanSnapBot``): the same play and pace as a ``SnapLoadTable``, with every seat
/// a channel handler on one shared event loop instead of a full client with a mirror of the table.
final class LeanSnapTable: LoadTable {
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
        var code: String?
        for seat in 0..<context.settings.players {
            do {
                code = try await connect(seat: seat, code: code)
            } catch {
                context.counters.failed.wrappingAdd(context.settings.players - seat, ordering: .relaxed)
                throw error
            }
            context.counters.connected.increment()
        }
        // Every seat is filled: the host starts the first round.
        if let host = channels.withLock({ $0.first }) {
            counters.sent(bytes: Self.startRoundSize)
            host.writeAndFlush(Self.startRound, promise: nil)
        }
    }

    func traffic() async -> Traffic { counters.traffic }

    /// Lean bots keep no cards to count: the table's mirror bots (``SnapLoadTable``) check them.
    func cardsConserved() async -> Bool { true }

    func close() async {
        for channel in channels.withLock({ $0 }) {
            channel.eventLoop.execute {
                try? channel.pipeline.syncOperations.handler(type: LeanWebSocket.self).close()
            }
        }
    }

    /// Opens seat `seat`'s connection and waits until it is seated; returns the table's code. A joiner sent on to
    /// the node of a cluster its table is on (a Redirect) connects there and asks again, as a person's client
    /// would, up to ``maximumRedirects`` times.
    private func connect(seat: Int, code: String?) async throws -> String {
        var url = context.url
        for _ in 0..<Self.maximumRedirects {
            do {
                return try await connect(seat: seat, code: code, at: url)
            } catch let redirect as LeanSnapBot.Redirected {
                context.counters.redirects.increment()
                url = redirect.url
            }
        }
        return try await connect(seat: seat, code: code, at: url)
    }

    /// Opens seat `seat`'s connection at `url` and waits until it is seated; keeps the connection only then.
    private func connect(seat: Int, code: String?, at url: String) async throws -> String {
        let (context, timer, counters, index) = (context, timer, counters, index)
        let opened = OpenedChannel()
        let code = try await SeatSignal.wait { signal in
            let table = LeanSnapBot.Table(context: context, timer: timer, traffic: counters, code: code, seated: signal)
            LeanWebSocket.connect(to: url, on: loop) { LeanSnapBot(table: table, index: index, seat: seat) }
                .whenComplete { result in
                    switch result {
                    case .success(let channel): opened.set(channel)
                    case .failure(let error): signal.fail(error)
                    }
                }
        }
        if let channel = opened.channel { channels.withLock { $0.append(channel) } }
        return code
    }

    /// Redirects followed in a row before a bot gives up (as ``SnapClient/maximumRedirects``).
    private static let maximumRedirects = 3

    /// StartRound as one masked WebSocket frame, for the opener to write on the host's connection.
    private static let startRound = LeanWebSocket.binaryFrame(Frame(number: nil, packet: .startRound).encoded())
    private static let startRoundSize = Frame(number: nil, packet: .startRound).encoded().count
}

/// The channel a bot's connection opened, once it has: kept by the table only when the bot sits down there.
private final class OpenedChannel: Sendable {
    private let opened = Mutex<(any Channel)?>(nil)

    func set(_ channel: any Channel) { opened.withLock { $0 = channel } }

    var channel: (any Channel)? { opened.withLock { $0 } }
}
