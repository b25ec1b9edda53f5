import SnapNetworkTools
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Tables spread over the nodes of a cluster: a client asking one node for a table another node holds is sent
/// there with a Redirect and moves there by itself. Two real servers on loopback ports, in one process; node A's
/// directory places tables on node B.
@Suite struct RedirectTests {
    /// Node A, whose directory (returned) places tables elsewhere, and node B, a server on its own. B keeps a
    /// dropped player's seat long enough for a busy machine to go by way of A.
    static func twoNodes() async throws -> (a: TestServer, b: TestServer, directory: InMemoryTableDirectory) {
        let directory = InMemoryTableDirectory()
        let a = try await TestServer.start(directory: directory)
        // B's players reach it through a proxy in some tests: when the proxy vanishes, B may only notice their
        // silence (its close does not always reach B at once), which a test should not wait 20 s for; nor so short
        // that B closes a connection of its own players, whose clients wait for Swift's shared threads, on a busy
        // machine running the whole suite (5 s once closed Ann, and she missed Bob's return).
        let b = try await TestServer.start(grace: .seconds(60)) { $0.silenceLimit = .seconds(10) }
        return (a, b, directory)
    }

    /// Ann hosts a table on `server`; returns her and its code.
    static func host(on server: TestServer) async throws -> (TestPlayer, String) {
        let ann = try await TestPlayer.connect(server, name: "Ann")
        await ann.client.hostTable()
        let (code, _) = try await ann.joined()
        return (ann, code)
    }

    @Test func aClientJoiningThroughAnotherNodeEndsUpSeatedWhereTheTableIs() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        let (ann, code) = try await Self.host(on: b)
        directory.place(code: code, at: b.url)
        let bob = try await TestPlayer.connect(a, name: "Bob")
        // The code as a person might type it: A tidies it up before asking its directory.
        let seat = try await bob.client.sitDown(at: " \(code.lowercased()) ")
        #expect(seat == .top)
        #expect(await bob.log.contains { if case .redirected(code, b.url) = $0 { true } else { false } })
        try await waitFor("Bob's snapshot", on: bob.log) { if case .snapshot = $0 { true } else { false } }
        try await waitFor("Bob at Ann's table", on: ann.log) { ($0.view?.seats.compactMap { $0 }.count ?? 0) == 2 }
        #expect(await b.table(code)?.view(for: await bob.client.id!)?.viewer == .top)
        #expect(await a.server.lobby.openTables().isEmpty)
        // He plays there: the round Ann starts on B reaches him.
        await ann.client.startRound()
        try await waitFor("the deal, at Bob's", on: bob.log) {
            $0.has { if case .roundStarted = $0 { true } else { false } }
        }
        #expect(await bob.client.protocolErrors == 0)
        await a.stop()
        await b.stop()
    }

    @Test func aWatcherIsSentToTheTableToo() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        let (ann, code) = try await Self.host(on: b)
        directory.place(code: code, at: b.url)
        let eve = try await TestPlayer.connect(a, name: "Eve")
        try await eve.client.watch(code: code)
        guard case .snapshot(let view) = try await waitFor("Eve's snapshot", on: eve.log, where: {
            if case .snapshot = $0 { true } else { false }
        }) else { return }
        #expect(view.viewer == nil)
        #expect(await eve.client.isWatching)
        #expect(await eve.log.contains { if case .redirected(code, b.url) = $0 { true } else { false } })
        try await waitFor("one watching", on: ann.log) { if case .watchers(1) = $0 { true } else { false } }
        #expect(await b.table(code)?.watcherCount == 1)
        await a.stop()
        await b.stop()
    }

    @Test func aReconnectTokenOfAnotherNodeIsSentThereAndGetsTheSeatBack() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        let (ann, code) = try await Self.host(on: b)
        let bob = try await RawSocket.signIn("Bob", on: b)
        await bob.socket.send(.joinTable(code: code))
        try await bob.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        await bob.socket.close()
        try await waitFor("Bob's drop", on: ann.log) { if case .playerConnection(.top, false) = $0 { true } else { false } }
        directory.place(token: bob.token, at: .elsewhere(TableLocation(code: code, url: b.url)))
        // Back, but at node A: it sends him to B with the table's code.
        let atA = try await RawSocket.connect(a)
        await atA.send(.hello(version: Wire.version))
        await atA.send(.reconnect(token: bob.token))
        #expect(try await atA.waitFor("the redirect") { if case .redirect = $0 { true } else { false } }
            == .redirect(url: b.url, code: code))
        // At B, the same token puts him back in his seat.
        let atB = try await RawSocket.connect(b)
        await atB.send(.hello(version: Wire.version))
        await atB.send(.reconnect(token: bob.token))
        try await atB.waitFor("the same id") { $0 == .welcome(version: Wire.version, id: bob.id, token: bob.token) }
        try await atB.waitFor("the table") { if case .snapshot(let view) = $0 { view.viewer == .top } else { false } }
        try await waitFor("Bob back", on: ann.log) { if case .playerConnection(.top, true) = $0 { true } else { false } }
        await a.stop()
        await b.stop()
    }

    @Test func aClientWhoseNodeIsGoneAsksTheFirstServerWhereItsTableIsNow() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        // Bob reaches B through a proxy that can vanish as a crashed node does: with no goodbye.
        let proxy = try await DelayProxy.start(
            forwardingTo: "127.0.0.1", port: b.port, toTarget: .milliseconds(0), toClient: .milliseconds(0), seed: 1)
        let (ann, code) = try await Self.host(on: b)
        let gone = "ws://127.0.0.1:\(proxy.port)/ws"
        directory.place(code: code, at: gone)
        let bob = try await TestPlayer.connect(a, name: "Bob", recordBytes: true)
        #expect(try await bob.client.sitDown(at: code) == .top)
        let token = try await bob.lastToken()
        // The table now answers at B's own address, as a cluster's directory would say after the move.
        directory.place(token: token, at: .elsewhere(TableLocation(code: code, url: b.url)))
        await proxy.close()
        // (B may not even notice the drop: Bob can be back through its own address before the proxy's close of
        // his old connection reaches B, and then his return simply replaces that connection.)
        try await waitFor("Bob back", on: bob.log) { if case .reconnected = $0 { true } else { false } }
        try await waitFor("Bob back, at Ann's", on: ann.log) {
            if case .playerConnection(.top, true) = $0 { true } else { false }
        }
        let moves = await bob.log.updates.compactMap { if case .redirected(_, let url) = $0 { url } else { nil } }
        #expect(moves == [gone, b.url])
        #expect(await bob.client.tableCode == code)
        await a.stop()
        await b.stop()
    }

    @Test func olderClientsAreRefusedAsBefore() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        let (_, code) = try await Self.host(on: b)
        directory.place(code: code, at: b.url)
        directory.place(token: "feedface", at: .elsewhere(TableLocation(code: code, url: b.url)))
        // A version 4 client would not understand a Redirect: it hears what a single server would say.
        let old = try await RawSocket.signIn("Old", on: a, version: 4)
        await old.socket.send(.joinTable(code: code))
        _ = try await old.socket.waitForError(WireErrorCode.unknownTable.rawValue)
        await old.socket.send(.watchTable(code: code))
        _ = try await old.socket.waitForError(WireErrorCode.unknownTable.rawValue)
        let oldBack = try await RawSocket.connect(a)
        await oldBack.send(.hello(version: 4))
        await oldBack.send(.reconnect(token: "feedface"))
        _ = try await oldBack.waitForError(WireErrorCode.unknownToken.rawValue)
        for socket in [old.socket, oldBack] {
            #expect(await !socket.frames.contains { $0.packet.type == .redirect })
        }
        // And a server with no directory refuses a version 5 client as it always did.
        let alone = try await RawSocket.signIn("New", on: b)
        await alone.socket.send(.joinTable(code: "ZZZZ"))
        _ = try await alone.socket.waitForError(WireErrorCode.unknownTable.rawValue)
        #expect(await !alone.socket.frames.contains { $0.packet.type == .redirect })
        await a.stop()
        await b.stop()
    }

    @Test func aDirectoryAddressThatIsNoNodeURLIsRefusedNotSent() async throws {
        let (a, b, directory) = try await Self.twoNodes()
        directory.place(code: "KQJT", at: "http://127.0.0.1:\(b.port)/ws")
        let bob = try await RawSocket.signIn("Bob", on: a)
        await bob.socket.send(.joinTable(code: "KQJT"))
        _ = try await bob.socket.waitForError(WireErrorCode.unknownTable.rawValue)
        #expect(await !bob.socket.frames.contains { $0.packet.type == .redirect })
        await a.stop()
        await b.stop()
    }

    @Test func aRedirectLoopEndsInAClearError() async throws {
        // Two nodes that each think the other holds the table.
        let (toB, toA) = (InMemoryTableDirectory(), InMemoryTableDirectory())
        let a = try await TestServer.start(directory: toB)
        let b = try await TestServer.start(directory: toA)
        toB.place(code: "KQJT", at: b.url)
        toA.place(code: "KQJT", at: a.url)
        let bob = try await TestPlayer.connect(a, name: "Bob")
        let error = await #expect(throws: SnapClientError.self) { try await bob.client.sitDown(at: "KQJT") }
        guard case .refused(let refusal)? = error else { Issue.record("not a refusal: \(String(describing: error))"); return }
        #expect(refusal.serverError == .unknownTable)
        #expect(refusal.message.contains("could not be reached"), "\(refusal)")
        let redirects = await bob.log.updates.filter { if case .redirected = $0 { true } else { false } }
        #expect(redirects.count == SnapClient.maximumRedirects)
        // He is still signed in where the last redirect took him, and may do something else.
        await bob.client.hostTable()
        let (code, _) = try await bob.joined()
        #expect(code != "KQJT")
        await a.stop()
        await b.stop()
    }
}
