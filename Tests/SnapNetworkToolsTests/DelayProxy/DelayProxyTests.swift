import NIOCore
import NIOPosix
import SnapNetworkTools
import SnapCore
import Synchronization
import Testing

/// The delay proxy: bytes go through intact and in order, each direction is held as its link says, jitter never
/// reorders, and a close on one side reaches the other. Timings are checked only as lower bounds or through the
/// schedule the proxy computed, never against a wall-clock expectation.
@Suite struct DelayProxyTests {
    @Test func aScheduleNeverReordersAndKeepsEachChunkWithinItsJitter() {
        let link = DelayProxyLink.milliseconds(40, jitter: 20)
        var schedule = DelayProxySchedule(link: link, random: SplitMix64(seed: 7))
        var random = SplitMix64(seed: 8)
        let start = ContinuousClock.now
        var arrival = start
        var previous: ContinuousClock.Instant?
        for _ in 0..<2_000 {
            // Arrivals from back to back to far apart, so that jitter would reorder if the schedule let it.
            arrival += .microseconds(Int64.random(in: 0...30_000, using: &random))
            let due = schedule.due(arrivingAt: arrival)
            #expect(due >= arrival + link.delay - link.jitter)
            #expect(due <= max(previous ?? due, arrival + link.longest))
            if let previous { #expect(due >= previous) }
            previous = due
        }
    }

    @Test func jitterDrawsBothWaysAndNothingElseMovesAChunk() {
        let link = DelayProxyLink.milliseconds(40, jitter: 20)
        var schedule = DelayProxySchedule(link: link, random: SplitMix64(seed: 3))
        var steady = DelayProxySchedule(link: .milliseconds(40), random: SplitMix64(seed: 3))
        let start = ContinuousClock.now
        var early = false
        var late = false
        for index in 0..<200 {
            // A second apart: nothing ahead holds a chunk back, so its delay is the link's draw alone.
            let arrival = start + .seconds(index)
            let held = schedule.due(arrivingAt: arrival) - arrival
            early = early || held < link.delay
            late = late || held > link.delay
            #expect(steady.due(arrivingAt: arrival) - arrival == .milliseconds(40))
        }
        #expect(early && late)
    }

    @Test func theSameSeedDrawsTheSameDelays() {
        func draws(_ seed: UInt64) -> [Duration] {
            var schedule = DelayProxySchedule(link: .milliseconds(10, jitter: 5), random: SplitMix64(seed: seed))
            let start = ContinuousClock.now
            return (0..<50).map { index in
                let arrival = start + .seconds(index)
                return schedule.due(arrivingAt: arrival) - arrival
            }
        }
        #expect(draws(42) == draws(42))
        #expect(draws(42) != draws(43))
    }

    @Test func bytesArriveIntactAndInOrderUnderJitter() async throws {
        let echo = try await EchoServer.start()
        let up = DelayProxyLink.milliseconds(3, jitter: 3)
        let down = DelayProxyLink.milliseconds(4, jitter: 4)
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: echo.port, toTarget: up, toClient: down, seed: 1, recording: true)
        var sent = [UInt8]()
        var random = SplitMix64(seed: 2)
        let chunks = (0..<150).map { index in
            (0..<Int.random(in: 1...300, using: &random)).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0) }
        }
        for chunk in chunks { sent += chunk }
        let clock = ContinuousClock()
        let start = clock.now
        let received = try await Self.exchange(port: proxy.port, chunks: chunks, expecting: sent.count)
        let elapsed = clock.now - start
        await proxy.close()
        await echo.stop()

        #expect(received == sent)
        // The last byte cannot have come back sooner than both directions' shortest delays.
        #expect(elapsed >= up.delay - up.jitter + down.delay - down.jitter)
        let recorded = proxy.chunks
        for direction in [DelayProxy.Direction.toTarget, .toClient] {
            let lane = recorded.filter { $0.direction == direction }
            let link = direction == .toTarget ? up : down
            #expect(lane.reduce(0) { $0 + $1.bytes.count } == sent.count)
            #expect(lane.flatMap(\.bytes) == sent)
            for (previous, chunk) in zip(lane, lane.dropFirst()) {
                #expect(chunk.due >= previous.due)
                #expect(chunk.delivered >= previous.delivered)
            }
            for chunk in lane {
                #expect(chunk.due >= chunk.arrival + link.delay - link.jitter)
                #expect(chunk.delivered >= chunk.due)
            }
        }
    }

    @Test func aDelayIsAppliedToEveryChunk() async throws {
        let echo = try await EchoServer.start()
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: echo.port, toTarget: .milliseconds(30), toClient: .milliseconds(20),
            seed: 1, recording: true)
        let clock = ContinuousClock()
        let start = clock.now
        let received = try await Self.exchange(port: proxy.port, chunks: [Array("ping".utf8)], expecting: 4)
        let elapsed = clock.now - start
        await proxy.close()
        await echo.stop()
        #expect(received == Array("ping".utf8))
        #expect(elapsed >= .milliseconds(50))
        for chunk in proxy.chunks {
            #expect(chunk.delivered - chunk.arrival >= (chunk.direction == .toTarget ? .milliseconds(30) : .milliseconds(20)))
        }
    }

    @Test func whenTheTargetClosesTheClientIsClosedToo() async throws {
        let echo = try await EchoServer.start(closeAfterFirstRead: true)
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: echo.port, toTarget: .milliseconds(5), toClient: .milliseconds(5), seed: 1)
        // The echo answers once and hangs up; reading to the end returns only when the proxy closed our side.
        let received = try await Self.exchange(port: proxy.port, chunks: [Array("bye".utf8)], expecting: nil)
        #expect(received == Array("bye".utf8))
        await proxy.close()
        await echo.stop()
    }

    @Test func whenTheClientClosesTheTargetIsClosedToo() async throws {
        let echo = try await EchoServer.start()
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: echo.port, toTarget: .milliseconds(5), toClient: .milliseconds(5), seed: 1)
        _ = try await Self.exchange(port: proxy.port, chunks: [Array("hello".utf8)], expecting: 5)
        await echo.waitForClosedConnections(1)
        #expect(proxy.connections == 1)
        await proxy.close()
        await echo.stop()
    }

    /// Connects to `port`, writes `chunks` a little apart, and reads until `expecting` bytes came back (nil: until
    /// the other side closes); then closes.
    static func exchange(port: Int, chunks: [[UInt8]], expecting: Int?) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: [UInt8].self) { group in
                group.addTask {
                    var received = [UInt8]()
                    for try await buffer in inbound {
                        received += buffer.readableBytesView
                        if let expecting, received.count >= expecting { break }
                    }
                    return received
                }
                for (index, chunk) in chunks.enumerated() {
                    try await outbound.write(ByteBuffer(bytes: chunk))
                    if index % 3 == 0 { try await Task.sleep(for: .microseconds(500)) }
                }
                let received = try await group.next() ?? []
                group.cancelAll()
                return received
            }
        }
    }
}

/// A TCP echo server on a free loopback port that counts the connections it saw closed.
private final class EchoServer: Sendable {
    let port: Int
    private let listener: any Channel
    private let closed: ClosedCount

    private init(port: Int, listener: any Channel, closed: ClosedCount) {
        self.port = port
        self.listener = listener
        self.closed = closed
    }

    static func start(closeAfterFirstRead: Bool = false) async throws -> EchoServer {
        let closed = ClosedCount()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.closeFuture.whenComplete { _ in closed.count.wrappingAdd(1, ordering: .relaxed) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Echo(closeAfterFirstRead: closeAfterFirstRead))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return EchoServer(port: listener.localAddress?.port ?? 0, listener: listener, closed: closed)
    }

    /// Waits (up to ten seconds) until `count` connections have closed.
    func waitForClosedConnections(_ count: Int) async {
        for _ in 0..<1_000 where closed.count.load(ordering: .relaxed) < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        #expect(closed.count.load(ordering: .relaxed) >= count)
    }

    func stop() async {
        try? await listener.close()
    }

    private final class ClosedCount: Sendable {
        let count = Atomic(0)
    }

    private final class Echo: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let closeAfterFirstRead: Bool

        init(closeAfterFirstRead: Bool) { self.closeAfterFirstRead = closeAfterFirstRead }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(data, promise: nil)
            if closeAfterFirstRead { context.close(promise: nil) }
        }
    }
}
