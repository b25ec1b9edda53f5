import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
@testable import SnapServer
import SnapServerTestSupport
import SnapTestSupport
import Testing

/// The kernel's round trip on real sockets (TCP_INFO): it bounds what a player's pongs say their network allows, so
/// that pongs held back buy nothing; behind a trusted proxy, whose round trip it would be, the pongs alone count.
@Suite struct KernelRoundTripTests {
    /// Counts the pings a client has been sent.
    actor PingCount {
        var count = 0
        func add() { count += 1 }
    }

    /// Ann hosts; Bob, who holds every pong 150 ms, sits down and is measured (the warm-up's pings); then Ann asks
    /// what the table allows for Bob's network.
    static func bobsNetworkTime(on server: TestServer) async throws -> NetworkTime {
        let ann = TestPlayer.following(try await SnapClient.connect(to: server.url, name: "Ann"))
        await ann.client.hostTable()
        let code = try await ann.joined().code
        let pings = PingCount()
        let bob = try await SnapClient.connect(
            to: server.url, name: "Bob",
            instruments: ClientInstruments(answerPing: { value in
                await pings.add()
                try? await Task.sleep(for: .milliseconds(150))
                return value
            }))
        _ = try await bob.sitDown(at: code)
        // The seventh ping's arrival says six held answers were measured (counted, not slept on).
        #expect(await Patience.wait { await pings.count >= ConnectionNetwork.warmUpPings + 1 })
        var time: NetworkTime?
        _ = await Patience.wait {
            await ann.client.askNetworkTime(of: .top)
            guard case .networkTime(let answer)? = await ann.log.updates.last(where: { if case .networkTime = $0 { true } else { false } }),
                answer.seat == .top, answer.samples >= ConnectionNetwork.warmUpPings
            else { return false }
            time = answer
            return true
        }
        await bob.disconnect()
        await ann.client.disconnect()
        return try #require(time)
    }

    /// A connection whose pongs came back after each of `roundTrips` (ms), its kernel saying `kernel`.
    static func network(_ roundTrips: [Int], kernel: KernelRoundTrip?) -> ConnectionNetwork {
        let network = ConnectionNetwork(secret: 7)
        var now = Duration.zero
        for roundTrip in roundTrips {
            let value = network.ping(at: now)
            now += .milliseconds(roundTrip)
            _ = network.pong(value, at: now)
        }
        if let kernel { network.kernelMeasured(kernel) }
        return network
    }

    /// Whether a pong coming back `milliseconds` after the next ping of `network` disagrees with its kernel.
    static func nextPongDisagrees(_ network: ConnectionNetwork, after milliseconds: Int) throws -> Bool {
        let sent = Duration.seconds(60)
        let value = network.ping(at: sent)
        return try #require(network.pong(value, at: sent + .milliseconds(milliseconds))).disagrees
    }

    /// The kernel of a connection on loopback whose client holds its pongs: a few milliseconds smoothed, more in
    /// variation (its delayed ACKs), a minimum of 50 µs.
    static let loopback = KernelRoundTrip(smoothed: .milliseconds(4), variation: .milliseconds(8), minimum: .microseconds(50))

    @Test func pongsHeldTheSameTimeEachTimeCountForTheNetworksMinimumAndTheirSpread() throws {
        let held = Self.network([150, 151, 152, 150], kernel: Self.loopback)
        // 50 µs and the 2 ms spread, then the slack.
        #expect(held.allowance.most == .microseconds(2_050) + ConnectionNetwork.slack)
        let disagrees = try Self.nextPongDisagrees(held, after: 150)
        #expect(disagrees, "a pong held 150 ms, against a kernel's few milliseconds")
    }

    @Test func pongsHeldForVaryingTimesGainNoMoreThanTheKernelsBound() {
        let varying = Self.network([5, 150, 60, 110], kernel: Self.loopback)
        // The spread (145 ms) is no help: the kernel's bound, 4 + 4 × 8 ms, and the slack.
        #expect(varying.allowance.most == .milliseconds(36) + ConnectionNetwork.slack)
    }

    @Test func anHonestJitteryNetworkKeepsItsAllowance() throws {
        // 80 ms each way with ±20 ms of jitter: the kernel sees the same network. Its minimum and the pongs' spread
        // (76 ms) cut the longest by a millisecond (the client's own time to answer), which the slack covers.
        let kernel = KernelRoundTrip(smoothed: .milliseconds(160), variation: .milliseconds(20), minimum: .milliseconds(121))
        let honest = Self.network([122, 160, 198, 175, 140], kernel: kernel)
        #expect(honest.allowance == NetworkAllowance(typical: .microseconds(159_500), most: .milliseconds(197) + ConnectionNetwork.slack))
        let disagrees = try Self.nextPongDisagrees(honest, after: 198)
        #expect(!disagrees)
        // Without the kernel's figures (behind a proxy): the pongs alone.
        #expect(Self.network([122, 160, 198, 175, 140], kernel: nil).allowance.most == .milliseconds(198) + ConnectionNetwork.slack)
    }

    @Test func heldPongsAreBoundedByTheKernelsRoundTrip() async throws {
        let server = try await TestServer.start()
        let time = try await Self.bobsNetworkTime(on: server)
        // His pongs say at least 150 ms; his socket, on this machine, a fraction of a millisecond. He is allowed that,
        // the spread of his pongs and the slack (10 ms): far less than the pongs, whatever the load (10–12 ms here).
        #expect(time.median >= .milliseconds(150))
        #expect(time.mostTakenOff < .milliseconds(100), "allowed \(time.mostTakenOff)")
        let metrics = try await server.get("/metrics").body
        let disagreements = metrics.split(separator: "\n").first { $0.hasPrefix("snap_pong_rtt_disagreements_total ") }
        #expect(Int(disagreements?.split(separator: " ").last ?? "0") ?? 0 >= ConnectionNetwork.warmUpPings - 1, "\(disagreements ?? "none")")
        await server.stop()
    }

    @Test func behindATrustedProxyThePongsAloneCount() async throws {
        let server = try await TestServer.start { $0.trustedProxies = try! TrustedProxies(["127.0.0.1"]) }
        let time = try await Self.bobsNetworkTime(on: server)
        // The kernel's round trip would be the proxy's: the rule of the pongs, as before (the longest and the slack).
        #expect(time.mostTakenOff >= .milliseconds(160))
        await server.stop()
    }
}
