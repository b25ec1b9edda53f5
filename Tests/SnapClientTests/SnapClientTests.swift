import Foundation
@_spi(Instrumentation) @testable import SnapClient
import SnapCore
import SnapNetworkTools
import SnapProtocol
import SnapServer
import SnapServerTestSupport
import SnapTestSupport
import Testing

/// SnapClient's public API against a real server on a loopback port: what each request returns or throws, and what
/// its update stream says, from signing in to a dropped connection and a cluster's redirect.
@Suite struct SnapClientTests {
    /// Ann, connected by what a person types (HOST:PORT), seated as host of a new table; her log and the code.
    static func host(on server: TestServer) async throws -> (TestPlayer, String) {
        let ann = TestPlayer.following(try await SnapClient.connect(to: "127.0.0.1:\(server.port)", name: "Ann"))
        #expect(try await ann.client.sitDown(at: nil) == .bottom)
        let code = try #require(await ann.client.tableCode)
        return (ann, code)
    }

    /// What a request returned or threw.
    static func outcome<Value>(_ request: () async throws -> Value) async -> Result<Value, SnapClientError> {
        do {
            return .success(try await request())
        } catch let error as SnapClientError {
            return .failure(error)
        } catch {
            Issue.record("not a SnapClientError: \(error)")
            return .failure(.cancelled)
        }
    }

    @Test func signingInGivesAnIdATokenAndTheFirstUpdate() async throws {
        let server = try await TestServer.start()
        let client = try await SnapClient.connect(to: server.url, name: "Ann")
        let id = try #require(await client.id)
        #expect(await client.reconnectToken?.isEmpty == false)
        var updates = client.updates.makeAsyncIterator()
        #expect(await updates.next() == .signedIn(id))
        await client.disconnect()
        await server.stop()
    }

    @Test func hostingSeatsTheHostAndTheTableArrivesOnTheStream() async throws {
        let server = try await TestServer.start()
        let (ann, code) = try await Self.host(on: server)
        try await waitFor("the seat", on: ann.log) { $0 == .joined(code: code, seat: .bottom) }
        let snapshot = try await waitFor("the table", on: ann.log) { if case .snapshot = $0 { true } else { false } }
        #expect(snapshot.view?.viewer == .bottom)
        #expect(snapshot.view?.host == .bottom)
        #expect(await ann.client.view?.viewer == .bottom)
        #expect(try await ann.client.openTables().map(\.code) == [code])
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func aTablesLinkConnectsAndSeatsInOneStep() async throws {
        let server = try await TestServer.start()
        let (ann, code) = try await Self.host(on: server)
        // The link the server prints and puts in its QR code, the code as a person might type it.
        let bob = try await SnapClient.join("http://127.0.0.1:\(server.port)/?t=\(code.lowercased())", name: "Bob")
        #expect(await bob.tableCode == code)
        try await waitFor("Bob at Ann's table", on: ann.log) { ($0.view?.occupiedSeats.count ?? 0) == 2 }
        await #expect(throws: SnapClientError.invalidAddress("http://127.0.0.1:\(server.port)/")) {
            try await SnapClient.join("http://127.0.0.1:\(server.port)/", name: "Cy")
        }
        await bob.disconnect()
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func refusalsCarryTheProtocolsCodeAndTheServersSentence() async throws {
        let server = try await TestServer.start()
        let (ann, _) = try await Self.host(on: server)
        let bob = try await SnapClient.connect(to: server.url, name: "Bob")
        let unknown = await #expect(throws: SnapClientError.self) { try await bob.sitDown(at: "ZZZZ") }
        guard case .refused(let refusal)? = unknown else { Issue.record("not a refusal: \(String(describing: unknown))"); return }
        #expect(refusal.serverError == .unknownTable)
        #expect(refusal.tableError == nil)
        #expect(refusal.message == WireErrorCode.unknownTable.message)
        // A name the server does not take: refused at the sign-in.
        let badName = await #expect(throws: SnapClientError.self) { try await SnapClient.connect(to: server.url, name: "   ") }
        guard case .refused(let nameRefusal)? = badName else { Issue.record("not a refusal: \(String(describing: badName))"); return }
        #expect(nameRefusal.serverError == .badName)
        // A refusal of a request sent without waiting comes on the stream.
        let bobLog = TestPlayer.following(bob)
        await bob.startRound()
        try await waitFor("the refusal", on: bobLog.log) {
            if case .refused(WireErrorCode.notAtTable.rawValue, _) = $0 { true } else { false }
        }
        await bob.disconnect()
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func anAddressThatIsNoneOrWhereNothingListensSaysSo() async throws {
        await #expect(throws: SnapClientError.invalidAddress("ftp://example")) {
            try await SnapClient.connect(to: "ftp://example", name: "Ann")
        }
        // Port 1: nothing listens there, and no test is ever given it.
        await #expect(throws: SnapClientError.unreachable(.nothingListening)) {
            try await SnapClient.connect(to: "127.0.0.1:1", name: "Ann")
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try await TestServer.start()
        // Everything the server says is a minute on its way back.
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: server.port, toTarget: .milliseconds(0), toClient: .milliseconds(60_000),
            seed: 1)
        await #expect(throws: SnapClientError.timedOut) {
            try await SnapClient.connect(
                to: "127.0.0.1:\(proxy.port)", name: "Ann", configuration: .init(answerTimeout: .milliseconds(500)))
        }
        await proxy.close()
        await server.stop()
    }

    @Test func aConnectionThatClosesEndsEveryWaitAndRefusesEveryRequest() async throws {
        let server = try await TestServer.start()
        // Answers take two seconds back: the seat is still asked for when the connection goes.
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: server.port, toTarget: .milliseconds(0), toClient: .milliseconds(2_000),
            seed: 1)
        let client = TestPlayer.following(try await SnapClient.connect(to: "127.0.0.1:\(proxy.port)", name: "Ann"))
        let sent = await client.client.packetsSent
        let asking = Task { await Self.outcome { try await client.client.sitDown(at: nil) } }
        let tables = Task { await Self.outcome { try await client.client.openTables() } }
        // Both requests are on their way (counted, not slept on): their answers cannot be back for two seconds.
        #expect(await Patience.wait { await client.client.packetsSent >= sent + 2 })
        await proxy.close()
        #expect(await asking.value == .failure(.connectionClosed))
        #expect(await tables.value.map(\.count) == .failure(.connectionClosed))
        try await waitFor("the stream's end", on: client.log) { $0 == .closed }
        // A request on a connection that is gone is refused at once, whatever it asks.
        #expect(await Self.outcome { try await client.client.sitDown(at: nil) } == .failure(.connectionClosed))
        #expect(await Self.outcome { try await client.client.watch(code: "KXPT") }.map { true } == .failure(.connectionClosed))
        #expect(await Self.outcome { try await client.client.openTables() }.map(\.count) == .failure(.connectionClosed))
        await server.stop()
    }

    @Test func aSecondSeatAskedForWhileTheFirstIsOnItsWayIsRefusedAndACancelledWaitEnds() async throws {
        let server = try await TestServer.start()
        // A slow network back from the server: each answer takes 300 ms, far longer than asking twice.
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: server.port, toTarget: .milliseconds(0), toClient: .milliseconds(300),
            seed: 1)
        let client = try await SnapClient.connect(to: "127.0.0.1:\(proxy.port)", name: "Ann")
        // Two asks at once: whichever reaches the client first is answered, the other is refused at once.
        async let one = Self.outcome { try await client.sitDown(at: nil) }
        async let other = Self.outcome { try await client.sitDown(at: nil) }
        let outcomes = await [one, other]
        #expect(outcomes.count { $0 == .success(Seat.bottom) } == 1, "\(outcomes)")
        #expect(outcomes.count { $0 == .failure(SnapClientError.alreadyWaiting) } == 1, "\(outcomes)")
        // Waiting for a table to watch, and giving up.
        let waiting = Task { try await client.watch(code: "ZZZZ") }
        waiting.cancel()
        await #expect(throws: SnapClientError.cancelled) { try await waiting.value }
        await client.disconnect()
        await proxy.close()
        await server.stop()
    }

    @Test func aWatcherSeesTheTableWithoutASeat() async throws {
        let server = try await TestServer.start()
        let (ann, code) = try await Self.host(on: server)
        let eve = TestPlayer.following(try await SnapClient.connect(to: server.url, name: "Eve"))
        try await eve.client.watch(code: code)
        #expect(await eve.client.isWatching)
        try await waitFor("watching", on: eve.log) { $0 == .watching(code: code) }
        let snapshot = try await waitFor("the table", on: eve.log) { if case .snapshot = $0 { true } else { false } }
        #expect(snapshot.view?.viewer == nil)
        #expect(snapshot.view?.occupiedSeats == [.bottom])
        try await waitFor("one watcher", on: ann.log) { $0 == .watchers(1) }
        await eve.client.disconnect()
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func aRoundIsPlayedFromTheStream() async throws {
        let server = try await TestServer.start()
        let (ann, code) = try await Self.host(on: server)
        let bob = TestPlayer.following(try await SnapClient.join(table: code, at: SnapAddress(host: "127.0.0.1", port: server.port), name: "Bob"))
        await ann.client.startRound()
        // Whoever starts turns; everyone sees the card.
        let first = try await waitFor("the first turn", on: ann.log) { $0.has { if case .activated = $0 { true } else { false } } }
        guard case .activated(let active)? = first.events.first(where: { if case .activated = $0 { true } else { false } })
        else { return }
        await (active == .bottom ? ann : bob).client.turnCard()
        try await waitFor("the card at Bob's", on: bob.log) { $0.has { if case .cardTurned(active, _) = $0 { true } else { false } } }
        // Ann calls: right or wrong, the verdict reaches both.
        await ann.client.callSnap()
        try await waitFor("Ann's call at Bob's", on: bob.log) { $0.has { if case .snapCalled(.bottom, _) = $0 { true } else { false } } }
        #expect(await ann.client.protocolErrors == 0)
        #expect(await bob.client.protocolErrors == 0)
        #expect(await bob.client.view?.cardCount == 52)
        await bob.client.disconnect()
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func aLostPacketBringsTheWholeTableAgain() async throws {
        let server = try await TestServer.start()
        let (ann, code) = try await Self.host(on: server)
        try await waitFor("the table", on: ann.log) { if case .snapshot = $0 { true } else { false } }
        // The next packet to Ann is lost on the way (Bob sitting down, or a ping): the one after it shows the gap, and
        // the whole table comes again. Which packet is lost is a race with the pings, so Bob may be in that table or
        // come as an event after it.
        await ann.client.loseFrames(1)
        let bob = try await SnapClient.join(table: code, at: SnapAddress(host: "127.0.0.1", port: server.port), name: "Bob")
        let tableAgain = await Patience.wait {
            await ann.log.count { if case .snapshot = $0 { true } else { false } } == 2
        }
        #expect(tableAgain, "the whole table did not come again")
        try await waitFor("Bob at Ann's table", on: ann.log) { ($0.view?.occupiedSeats.count ?? 0) == 2 }
        #expect(await ann.client.resyncs == 1)
        #expect(await ann.client.protocolErrors == 0)
        #expect(await ann.client.view?.occupiedSeats == [.bottom, .top])
        await bob.disconnect()
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func aDroppedConnectionComesBackToTheSameSeat() async throws {
        let server = try await TestServer.start(grace: .seconds(30))
        let (ann, code) = try await Self.host(on: server)
        let bob = TestPlayer.following(try await SnapClient.join(table: code, at: SnapAddress(host: "127.0.0.1", port: server.port), name: "Bob"))
        let seat = try #require(await bob.client.view?.viewer)
        await bob.client.dropConnection()
        try await waitFor("Bob reconnecting", on: bob.log) { $0 == .reconnecting(attempt: 1) }
        try await waitFor("Bob back", on: bob.log) { $0 == .reconnected }
        try await waitFor("Bob's table again", on: bob.log) {
            if case .snapshot(let view) = $0 { view.viewer == seat } else { false }
        }
        #expect(await bob.client.tableCode == code)
        #expect(await bob.client.protocolErrors == 0)
        await bob.client.disconnect()
        try await waitFor("Bob's stream ends", on: bob.log) { $0 == .closed }
        await ann.client.disconnect()
        await server.stop()
    }

    @Test func aClusterNodeSendsTheClientToTheNodeWithTheTable() async throws {
        let directory = InMemoryTableDirectory()
        let a = try await TestServer.start(directory: directory)
        let b = try await TestServer.start()
        let (ann, code) = try await Self.host(on: b)
        directory.place(code: code, at: b.url)
        let bob = TestPlayer.following(try await SnapClient.connect(to: a.url, name: "Bob"))
        #expect(try await bob.client.sitDown(at: code) == .top)
        #expect(await bob.log.contains { $0 == .redirected(code: code, url: b.url) })
        try await waitFor("Bob at Ann's table", on: ann.log) { ($0.view?.occupiedSeats.count ?? 0) == 2 }
        await bob.client.disconnect()
        await ann.client.disconnect()
        await a.stop()
        await b.stop()
    }

    @Test(.enabled(if: DNSSDTestEnvironment.available, "DNS-SD is not available here (scripts/lan-daemons start); SNAP_REQUIRE_LAN=1 fails instead"))
    func aServerOnTheLocalNetworkIsFound() async throws {
        let name = "Client test \(UUID().uuidString.prefix(8))"
        let server = try await TestServer.start { $0.announcedName = name }
        var found: FoundServer?
        // Announcing takes a moment: look again until it is there (each look is half a second).
        for _ in 0..<10 where found == nil {
            found = (try? await SnapClient.findServers(lookingFor: .milliseconds(500)))?.first { $0.name == name }
        }
        let seen = try #require(found)
        #expect(seen.address.port == server.port)
        #expect(seen.protocolVersion == Int(Wire.version))
        #expect(seen.speaksThisClientsVersion)
        let client = try await SnapClient.connect(to: seen.address, name: "Ann")
        #expect(await client.id != nil)
        await client.disconnect()
        await server.stop()
    }
}

extension SnapClient {
    /// Drops the next `count` frames that arrive, as a lossy network would.
    func loseFrames(_ count: Int) {
        framesToLose += count
    }
}
