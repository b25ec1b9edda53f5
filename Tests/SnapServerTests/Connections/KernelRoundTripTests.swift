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

    @Test func heldPongsAreBoundedByTheKernelsRoundTrip() async throws {
        let server = try await TestServer.start()
        let time = try await Self.bobsNetworkTime(on: server)
        // His pongs say at least 150 ms; his socket, on this machine, a fraction of a millisecond. He is allowed the
        // kernel's bound and the slack (10 ms): far less than the pongs, whatever the load.
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
