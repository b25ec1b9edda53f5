@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// Dropping, reconnecting, leaving and shutting down, on a whole server in process.
@Suite struct ServerLifecycleTests {
    /// A host and a guest at a table, with the round dealt. Nothing moves by itself: both are people.
    func dealtTable(_ server: InProcessServer, players: Int = 2) async throws -> (String, [InProcessClient]) {
        let host = try await server.player("Host")
        await host.hostTable()
        let (code, _) = try await host.joined()
        var everyone = [host]
        for index in 1..<players {
            everyone.append(try await server.player("Guest \(index)", joining: code))
        }
        await host.startRound()
        for player in everyone { try await player.waitFor("the deal", advancing: true) { $0.has { $0 == .dealFinished } } }
        return (code, everyone)
    }

    @Test func everyConnectionIsPingedOncePerIntervalWithValuesNobodyCanGuess() async throws {
        let server = InProcessServer.start(pinging: true) { $0.pingInterval = .milliseconds(200) }
        let socket = try await server.connect()
        let slice = server.configuration.pingInterval / 100
        while socket.frames.count(where: { if case .ping = $0.packet { true } else { false } }) < 3 {
            try await server.advance(by: slice)
        }
        let elapsed = server.clock.now
        let values = socket.frames.compactMap { if case .ping(let value) = $0.packet { value } else { nil } }
        // Each value is new, and not simply the server's clock (which would stay far below 2^48 ns, three days),
        // so that a pong cannot be made up before its ping arrives.
        #expect(Set(values.prefix(3)).count == 3 && values.contains { $0 >= 1 << 48 }, "ping values: \(values)")
        // A full interval apart: never more than one per interval since the socket opened.
        let allowed = Int(elapsed / .milliseconds(200)) + 1
        #expect(values.count <= allowed, "\(values.count) pings in \(elapsed), at most \(allowed) allowed")
        await server.stop()
    }

    @Test func aConnectionThatGoesSilentIsClosedAndItsPlayerCountedAsDropped() async throws {
        let server = InProcessServer.start(grace: .seconds(30), pinging: true) {
            $0.pingInterval = .seconds(1)
            $0.silenceLimit = .seconds(10)
        }
        let slice = server.configuration.pingInterval / 100
        let host = try await server.player("Host")
        await host.hostTable()
        let (code, _) = try await host.joined()
        // A client that signs in and sits down, then never says another word, not even a pong.
        let silent = try await server.connect()
        await silent.send(.signInResponse(name: "Quiet"))
        await silent.send(.joinTable(code: code))
        try await silent.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        while !silent.isClosed, server.clock.now < .seconds(60) { try await server.advance(by: slice) }
        try await silent.waitForClose()
        try await host.waitFor("the drop") {
            if case .playerConnection(.top, connected: false) = $0 { true } else { false }
        }
        // The host answers every ping, so it stays, however long it sits idle: longer than the silence limit here.
        try await server.advance(by: .seconds(11), step: slice)
        #expect(await host.view?[.bottom] != nil)
        #expect(await host.contains { if case .closed = $0 { true } else { false } } == false)
        await server.stop()
    }

    @Test func aDroppedPlayerComesBackToTheSameSeatWithTheSameCards() async throws {
        let server = InProcessServer.start(speed: 100, grace: .seconds(10))
        let (_, players) = try await dealtTable(server)
        let (host, guest) = (players[0], players[1])
        let before = try #require(await guest.view)
        await guest.dropConnection()
        try await host.waitFor("the drop") {
            if case .playerConnection(.top, connected: false) = $0 { true } else { false }
        }
        try await guest.waitFor("the reconnection") { if case .reconnected = $0 { true } else { false } }
        try await host.waitFor("the return") {
            if case .playerConnection(.top, connected: true) = $0 { true } else { false }
        }
        try await guest.waitFor("the table again") { if case .snapshot(let view) = $0 { view.viewer == .top } else { false } }
        let after = try #require(await guest.view)
        #expect(after.viewer == .top)
        #expect(after[.top]?.closedCount == before[.top]?.closedCount)
        #expect(after[.top]?.info.id == before[.top]?.info.id)
        #expect(after == before)
        await server.stop()
    }

    @Test func aPlayerWhoDoesNotComeBackLeavesAfterTheGracePeriod() async throws {
        let server = InProcessServer.start(speed: 100, grace: .milliseconds(300))
        let (code, players) = try await dealtTable(server, players: 3)
        await players[2].disconnect()
        let update = try await players[0].waitFor("the leave", advancing: true) {
            $0.has { if case .playerLeft = $0 { true } else { false } }
        }
        guard case .playerLeft(let seat, let handedOutTo) = update.events.first(where: { if case .playerLeft = $0 { true } else { false } }) else {
            Issue.record("no leave")
            return
        }
        #expect(seat == .left)
        #expect(handedOutTo.count == 17 || handedOutTo.count == 18)
        #expect(Set(handedOutTo) == [.bottom, .top])
        #expect(await players[0].view?.cardCount == 52)
        #expect(await server.table(code)?.cardsAccountedFor == true)
        #expect(await server.table(code)?.conservationFailures == 0)
        await server.stop()
    }

    @Test func theHostLeavingPassesTheHostRoleOn() async throws {
        let server = InProcessServer.start()
        let (_, players) = try await dealtTable(server, players: 3)
        await players[0].leaveTable()
        try await players[1].waitFor("the new host") { $0.has { $0 == .hostChanged(.left) } }
        try await players[2].waitFor("the new host") { $0.has { $0 == .hostChanged(.left) } }
        await server.stop()
    }

    @Test func twoPlayersLeavingAtTheSameMomentLoseNoCards() async throws {
        let server = InProcessServer.start()
        let (code, players) = try await dealtTable(server, players: 4)
        async let first: Void = players[1].leaveTable()
        async let second: Void = players[3].leaveTable()
        _ = await (first, second)
        for stayer in [players[0], players[2]] {
            try await server.wait("two players left") { await stayer.view?.occupiedSeats.count == 2 }
            let view = try #require(await stayer.view)
            // Seats fill bottom, top, left, right: the guests at the top and right left.
            #expect(view.occupiedSeats == [.bottom, .left])
            #expect(view.cardCount == 52)
        }
        #expect(await server.table(code)?.cardsAccountedFor == true)
        await server.stop()
    }

    @Test func everyoneIsToldWhenTheServerShutsDownMidRound() async throws {
        let server = InProcessServer.start()
        let (_, players) = try await dealtTable(server)
        await server.stop()
        for player in players {
            try await player.waitFor("the goodbye") {
                if case .serverQuit(SnapGameServer.shutdownReason) = $0 { true } else { false }
            }
            try await player.waitFor("the close") { if case .closed = $0 { true } else { false } }
        }
    }

    @Test func aPlayerWhoMissesAPacketAsksForTheTableAndCatchesUp() async throws {
        let server = InProcessServer.start(speed: 20)
        let (code, players) = try await dealtTable(server)
        let (host, guest) = (players[0], players[1])
        await guest.loseNextPacket()
        await host.callSnap()  // the guest loses the verdict and sees a gap at the next packet
        try await host.waitFor("play to resume", advancing: true) { $0.has { $0 == .resumed } }
        let id = try #require(await guest.id)
        let table = try #require(await server.table(code))
        try await server.wait("the snapshot") {
            let (resyncs, mirror, view) = (await guest.resyncs, await guest.view, await table.view(for: id))
            return resyncs == 1 && mirror == view
        }
        #expect(await guest.resyncs == 1)
        #expect(await guest.view == (await table.view(for: id)))
        await server.stop()
    }

    @Test func aReconnectionTakesOverASeatWhoseOldConnectionLooksAlive() async throws {
        let server = InProcessServer.start(speed: 100, grace: .seconds(10))
        let old = try await server.connect()
        await old.send(.signInResponse(name: "Ann"))
        let welcome = try await old.waitFor("welcome") { if case .welcome = $0 { true } else { false } }
        guard case .welcome(_, let id, let token) = welcome else { return }
        await old.send(.hostTable(solo: true))
        try await old.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }

        let new = try await server.connect()
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
        let server = InProcessServer.start(speed: 50)
        let person = try await server.connect()
        await person.send(.signInResponse(name: "Ann"))
        guard case .welcome(_, let id, let token) = try await person.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { return }
        await person.send(.hostTable(solo: true))
        guard case .tableJoined(let code, _) = try await person.waitFor("the seat", { if case .tableJoined = $0 { true } else { false } })
        else { return }
        await person.send(.startRound)
        try await person.waitFor("the deal", advancing: true) { $0 == .dealFinished }
        let table = try #require(await server.table(code))
        await person.close()
        try await server.wait("the drop") { !(await table.isConnected(id)) }
        #expect(!(await table.isConnected(id)))
        // Once the server has seen the drop, the table stands still: at fifty times the speed the computer players
        // would otherwise turn a card every few milliseconds.
        let away = try #require(await table.view(for: id))
        #expect(away.phase == .playing)
        try await server.advance(by: .milliseconds(500))
        #expect(await table.view(for: id) == away)
        // Back in the seat: the same cards, where they were.
        let back = try await server.connect()
        await back.send(.reconnect(token: token))
        let snapshot = try await back.waitFor("the table") { if case .snapshot = $0 { true } else { false } }
        #expect(snapshot == .snapshot(away))
        await server.stop()
    }
}
