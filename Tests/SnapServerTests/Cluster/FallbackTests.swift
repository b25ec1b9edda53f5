import SnapNetworkTools
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapStore
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// A client given fallback addresses: when neither the node it was on nor the first address it was given can be
/// reached after a drop, it asks the fallbacks in turn, and finds its table through them. Real servers on loopback
/// ports, in one process; a node that vanishes is reached through a proxy that closes with no goodbye.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FallbackTests {
    @Test func aClientWhoseServersAreGoneTriesItsFallbacksInTurnUntilOneKnowsWhereItsTableIs() async throws {
        let (a, b, directory) = try await RedirectTests.twoNodes()
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: b.port, toTarget: .milliseconds(0), toClient: .milliseconds(0), seed: 1)
        let (ann, code) = try await RedirectTests.host(on: b)
        // Bob reaches B through the proxy, and is given a fallback that never answers before one that does.
        // Port 1: nothing listens there, and no other test can be given it (a free port could be handed out again).
        let dead = "ws://127.0.0.1:1/ws"
        let bob = try await TestPlayer.connect(
            to: "ws://127.0.0.1:\(proxy.port)/ws", fallbacks: [dead, a.url], name: "Bob", recordBytes: true)
        #expect(try await bob.client.sitDown(at: code) == .top)
        let token = try await bob.lastToken()
        directory.place(token: token, at: .elsewhere(TableLocation(code: code, url: b.url)))
        await proxy.close()
        // (B may not notice the drop before Bob is back: his return then simply replaces his old connection.)
        try await waitFor("Bob back", on: bob.log, timeout: Patience.deadline) {
            if case .reconnected = $0 { true } else { false }
        }
        try await waitFor("Bob back, at Ann's", on: ann.log) {
            if case .playerConnection(.top, true) = $0 { true } else { false }
        }
        // Through the dead fallback, then A, which sent him to B.
        let moves = await bob.log.updates.compactMap { if case .redirected(_, let url) = $0 { url } else { nil } }
        #expect(moves == [b.url])
        #expect(await bob.client.tableCode == code)
        await a.stop()
        await b.stop()
    }

    @Test(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
    func playersOfANodeThatDiesFindTheirTableThroughTheFallbacks() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await ClusterTests.Node.start(in: address, silenceLimit: .seconds(10))
            let b = try await ClusterTests.Node.start(in: address)
            let c = try await ClusterTests.Node.start(in: address)
            // Ann and Bob reach A through a proxy: closing it is A dying, as far as they can tell.
            let proxy = try await DelayProxy.start(
                forwardingTo: "127.0.0.1", port: a.server.port, toTarget: .milliseconds(0), toClient: .milliseconds(0),
                seed: 1)
            let atA = "ws://127.0.0.1:\(proxy.port)/ws"
            let ann = try await TestPlayer.connect(to: atA, fallbacks: [b.url, c.url], name: "Ann")
            await ann.client.hostTable()
            let (code, _) = try await ann.joined()
            let bob = try await TestPlayer.connect(to: atA, fallbacks: [b.url, c.url], name: "Bob")
            await bob.client.joinTable(code: code)
            try await bob.joined()
            await ann.client.startRound()
            try await waitFor("the deal", on: ann.log) { $0.has { $0 == .dealFinished } }
            let table = try #require(await a.server.table(code))
            try await ClusterTests.eventually("every step written") { await table.journalIsWritten }
            await proxy.close()
            // And A's lease runs out, as a dead node's does: its table goes to whichever node takes it over.
            try await ClusterTests.expireLease(of: a, in: address)
            for player in [ann, bob] {
                try await waitFor("back at the table", on: player.log, timeout: Patience.deadline) {
                    if case .reconnected = $0 { true } else { false }
                }
                #expect(await player.client.tableCode == code)
            }
            // The round goes on wherever the table is now.
            let view = try #require(await ann.client.view)
            let turner = view.active == view.viewer ? ann : bob
            await turner.client.turnCard()
            try await waitFor("a card turned after the move", on: ann.log, timeout: Patience.deadline) {
                $0.has { if case .cardTurned = $0 { true } else { false } }
            }
            for player in [ann, bob] { await player.client.disconnect() }
            for node in [a, b, c] { await node.stop() }
        }
    }
}
