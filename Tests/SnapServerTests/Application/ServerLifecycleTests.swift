@testable import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// Dropping, reconnecting, leaving and shutting down, with real connections.
@Suite struct ServerLifecycleTests {
    /// A host and a guest at a table, with the round dealt. Nothing moves by itself: both are people.
    func dealtTable(_ server: TestServer, players: Int = 2) async throws -> (String, [TestPlayer]) {
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        var everyone = [host]
        for index in 1..<players {
            let guest = try await TestPlayer.join(server, code: code, name: "Guest \(index)")
            everyone.append(guest)
        }
        await host.client.startRound()
        for player in everyone { try await waitFor("the deal", on: player.log) { $0.has { $0 == .dealFinished } } }
        return (code, everyone)
    }

    @Test func everyConnectionIsPingedOncePerIntervalWithValuesNobodyCanGuess() async throws {
        let server = try await TestServer.start()  // pings every 200 ms
        let start = ContinuousClock.now
        let socket = try await RawSocket.connect(server)
        for _ in 0..<3 { try await socket.waitFor("a ping") { if case .ping = $0 { true } else { false } } }
        let elapsed = ContinuousClock.now - start
        let values = await socket.frames.compactMap { if case .ping(let value) = $0.packet { value } else { nil } }
        // Each value is new, and not simply the server's clock (which would stay far below 2^48 ns, three days),
        // so that a pong cannot be made up before its ping arrives.
        #expect(Set(values.prefix(3)).count == 3 && values.contains { $0 >= 1 << 48 }, "ping values: \(values)")
        // A full interval apart, counted rather than timed: a busy machine can hold pings back and hand two over
        // at once, but never make the server send more than one per interval since the socket opened.
        let allowed = Int(elapsed / .milliseconds(200)) + 1
        #expect(values.count <= allowed, "\(values.count) pings in \(elapsed), at most \(allowed) allowed")
        await server.stop()
    }

    @Test func aConnectionThatGoesSilentIsClosedAndItsPlayerCountedAsDropped() async throws {
        // Ten seconds of silence: enough that the quiet client's sign-in and join, and the host's pongs, arrive in
        // time on a busy machine running the whole suite (600 ms and then 3 s were not: the server keeps time on its
        // own threads, while these clients wait for Swift's shared ones).
        let server = try await TestServer.start(grace: .seconds(30)) { $0.silenceLimit = .seconds(10) }
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        // A client that signs in and sits down, then never says another word, not even a pong.
        let silent = try await RawSocket.connect(server)
        await silent.send(.signInResponse(name: "Quiet"))
        await silent.send(.joinTable(code: code))
        try await silent.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        try await silent.waitForClose()
        try await waitFor("the drop", on: host.log) {
            if case .playerConnection(.top, connected: false) = $0 { true } else { false }
        }
        // The host answers every ping, so it stays, however long it sits idle: longer than the silence limit here.
        try await Task.sleep(for: .seconds(11))
        #expect(await host.client.view?[.bottom] != nil)
        #expect(await host.log.contains { if case .closed = $0 { true } else { false } } == false)
        await server.stop()
    }

    @Test func aDroppedPlayerComesBackToTheSameSeatWithTheSameCards() async throws {
        let server = try await TestServer.start(speed: 100, grace: .seconds(10))
        let (_, players) = try await dealtTable(server)
        let (host, guest) = (players[0], players[1])
        let before = try #require(await guest.client.view)
        await guest.client.dropConnection()
        try await waitFor("the drop", on: host.log) {
            if case .playerConnection(.top, connected: false) = $0 { true } else { false }
        }
        try await waitFor("the reconnection", on: guest.log) { if case .reconnected = $0 { true } else { false } }
        try await waitFor("the return", on: host.log) {
            if case .playerConnection(.top, connected: true) = $0 { true } else { false }
        }
        let after = try #require(await guest.client.view)
        #expect(after.viewer == .top)
        #expect(after[.top]?.closedCount == before[.top]?.closedCount)
        #expect(after[.top]?.info.id == before[.top]?.info.id)
        #expect(after == before)
        await server.stop()
    }

    @Test func aPlayerWhoDoesNotComeBackLeavesAfterTheGracePeriod() async throws {
        let server = try await TestServer.start(speed: 100, grace: .milliseconds(300))
        let (code, players) = try await dealtTable(server, players: 3)
        await players[2].client.disconnect()
        let update = try await waitFor("the leave", on: players[0].log) {
            $0.has { if case .playerLeft = $0 { true } else { false } }
        }
        guard case .playerLeft(let seat, let handedOutTo) = update.events.first(where: { if case .playerLeft = $0 { true } else { false } }) else {
            Issue.record("no leave")
            return
        }
        #expect(seat == .left)
        #expect(handedOutTo.count == 17 || handedOutTo.count == 18)
        #expect(Set(handedOutTo) == [.bottom, .top])
        #expect(await players[0].client.view?.cardCount == 52)
        #expect(await server.table(code)?.cardsAccountedFor == true)
        #expect(await server.table(code)?.conservationFailures == 0)
        await server.stop()
    }

    @Test func theHostLeavingPassesTheHostRoleOn() async throws {
        let server = try await TestServer.start()
        let (_, players) = try await dealtTable(server, players: 3)
        await players[0].client.leaveTable()
        try await waitFor("the new host", on: players[1].log) { $0.has { $0 == .hostChanged(.left) } }
        try await waitFor("the new host", on: players[2].log) { $0.has { $0 == .hostChanged(.left) } }
        await server.stop()
    }

    @Test func twoPlayersLeavingAtTheSameMomentLoseNoCards() async throws {
        let server = try await TestServer.start()
        let (code, players) = try await dealtTable(server, players: 4)
        async let first: Void = players[1].client.leaveTable()
        async let second: Void = players[3].client.leaveTable()
        _ = await (first, second)
        for stayer in [players[0], players[2]] {
            for _ in 0..<500 {
                if await stayer.client.view?.occupiedSeats.count == 2 { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            let view = try #require(await stayer.client.view)
            // Seats fill bottom, top, left, right: the guests at the top and right left.
            #expect(view.occupiedSeats == [.bottom, .left])
            #expect(view.cardCount == 52)
        }
        #expect(await server.table(code)?.cardsAccountedFor == true)
        await server.stop()
    }

    @Test func everyoneIsToldWhenTheServerShutsDownMidRound() async throws {
        let server = try await TestServer.start()
        let (_, players) = try await dealtTable(server)
        await server.stop()
        for player in players {
            try await waitFor("the goodbye", on: player.log) {
                if case .serverQuit(SnapGameServer.shutdownReason) = $0 { true } else { false }
            }
            try await waitFor("the close", on: player.log) { if case .closed = $0 { true } else { false } }
        }
    }

    @Test func aPlayerWhoMissesAPacketAsksForTheTableAndCatchesUp() async throws {
        let server = try await TestServer.start(speed: 20)
        let (code, players) = try await dealtTable(server)
        let (host, guest) = (players[0], players[1])
        await guest.client.loseNextPacket()
        await host.client.callSnap()  // the guest loses the verdict and sees a gap at the next packet
        try await waitFor("play to resume", on: host.log) { $0.has { $0 == .resumed } }
        let id = try #require(await guest.client.id)
        let table = try #require(await server.table(code))
        // On a busy machine the snapshot can take a while; wait for it rather than for a fixed time.
        for _ in 0..<2_000 {
            if await guest.client.resyncs == 1, await guest.client.view == (await table.view(for: id)) { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await guest.client.resyncs == 1)
        #expect(await guest.client.view == (await table.view(for: id)))
        await server.stop()
    }

    @Test func aReconnectionTakesOverASeatWhoseOldConnectionLooksAlive() async throws {
        let server = try await TestServer.start(speed: 100, grace: .seconds(10))
        let old = try await RawSocket.connect(server)
        await old.send(.signInResponse(name: "Ann"))
        let welcome = try await old.waitFor("welcome") { if case .welcome = $0 { true } else { false } }
        guard case .welcome(_, let id, let token) = welcome else { return }
        await old.send(.hostTable(solo: true))
        try await old.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }

        let new = try await RawSocket.connect(server)
        await new.send(.reconnect(token: token))
        try await new.waitFor("the same id") { $0 == .welcome(version: Wire.version, id: id, token: token) }
        try await new.waitFor("the same seat") { if case .tableJoined(_, .bottom) = $0 { true } else { false } }
        try await new.waitFor("the table") { if case .snapshot(let view) = $0 { view.occupiedSeats.count == 4 } else { false } }
        try await old.waitForClose()
        // The old connection closing later does not drop the new one.
        await new.send(.resyncRequest)
        try await new.waitFor("a snapshot on request") { if case .snapshot = $0 { true } else { false } }
        await server.stop()
    }

    @Test func aSinglePlayerTableWaitsWhileItsPersonIsAway() async throws {
        // A grace period far longer than the test: the table's timers run on its event loop, on time, while this
        // test's own task may wait many seconds for a thread on a machine running the whole suite.
        let server = try await TestServer.start(speed: 50, grace: .seconds(600))
        let person = try await RawSocket.connect(server)
        await person.send(.signInResponse(name: "Ann"))
        guard case .welcome(_, let id, let token) = try await person.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { return }
        await person.send(.hostTable(solo: true))
        guard case .tableJoined(let code, _) = try await person.waitFor("the seat", { if case .tableJoined = $0 { true } else { false } })
        else { return }
        await person.send(.startRound)
        try await person.waitFor("the deal") { $0 == .dealFinished }
        let table = try #require(await server.table(code))
        await person.close()
        for _ in 0..<500 where await table.isConnected(id) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!(await table.isConnected(id)))
        // Once the server has seen the drop, the table stands still: at fifty times the speed the computer players
        // would otherwise turn a card every few milliseconds.
        let away = try #require(await table.view(for: id))
        #expect(away.phase == .playing)
        try await Task.sleep(for: .milliseconds(500))
        #expect(await table.view(for: id) == away)
        // Back in the seat: the same cards, where they were.
        let back = try await RawSocket.connect(server)
        await back.send(.reconnect(token: token))
        let snapshot = try await back.waitFor("the table") { if case .snapshot = $0 { true } else { false } }
        #expect(snapshot == .snapshot(away))
        await server.stop()
    }
}
