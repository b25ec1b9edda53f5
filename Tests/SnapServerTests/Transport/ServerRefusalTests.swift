@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Every refusal is a typed error packet with a code and a sentence, and changes nothing.
@Suite struct ServerRefusalTests {
    func host(_ server: TestServer, name: String = "Host") async throws -> (TestPlayer, String) {
        let host = try await TestPlayer.connect(server, name: name)
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        return (host, code)
    }

    @Test func joiningAnUnknownCodeIsRefused() async throws {
        let server = try await TestServer.start()
        let player = try await TestPlayer.connect(server, name: "Ann")
        await player.client.joinTable(code: "ZZZZ")
        #expect(try await player.expectRefusal(WireErrorCode.unknownTable.rawValue).contains("no open table"))
        await player.client.joinTable(code: "not a code at all")
        _ = try await player.expectRefusal(WireErrorCode.unknownTable.rawValue)
        await server.stop()
    }

    @Test func aFullTableATakenNameAndARoundUnderWayAreRefused() async throws {
        let server = try await TestServer.start(speed: 1)
        let (host, code) = try await host(server)
        let twin = try await TestPlayer.connect(server, name: "host")
        await twin.client.joinTable(code: code.lowercased())
        #expect(try await twin.expectRefusal(TableError.nameTaken.rawValue) == TableError.nameTaken.description)
        for name in ["B", "C", "D"] {
            _ = try await TestPlayer.join(server, code: code, name: name)
        }
        let fifth = try await TestPlayer.connect(server, name: "E")
        await fifth.client.joinTable(code: code)
        _ = try await fifth.expectRefusal(TableError.tableFull.rawValue)
        await host.client.startRound()
        try await waitFor("the round", on: host.log) { $0.has { if case .roundStarted = $0 { true } else { false } } }
        let late = try await TestPlayer.connect(server, name: "F")
        await late.client.joinTable(code: code)
        // Full and under way: the table is full first.
        _ = try await late.expectRefusal(TableError.tableFull.rawValue)
        await server.stop()
    }

    @Test func joiningARoundUnderWayIsRefused() async throws {
        let server = try await TestServer.start(speed: 1)
        let (host, code) = try await host(server)
        _ = try await TestPlayer.join(server, code: code, name: "Guest")
        await host.client.startRound()
        try await waitFor("the round", on: host.log) { $0.has { if case .roundStarted = $0 { true } else { false } } }
        let late = try await TestPlayer.connect(server, name: "Late")
        await late.client.joinTable(code: code)
        _ = try await late.expectRefusal(TableError.roundUnderWay.rawValue)
        await server.stop()
    }

    @Test func onlyTheHostStartsAndOnlyWithTwoPlayers() async throws {
        let server = try await TestServer.start(speed: 1)
        let (host, code) = try await host(server)
        await host.client.startRound()
        _ = try await host.expectRefusal(TableError.notEnoughPlayers.rawValue)
        let guest = try await TestPlayer.join(server, code: code, name: "Guest")
        await guest.client.startRound()
        _ = try await guest.expectRefusal(TableError.notHost.rawValue)
        await guest.client.addComputer()
        _ = try await guest.expectRefusal(TableError.notHost.rawValue)
        await server.stop()
    }

    @Test func turningOutOfTurnIsRefusedAndNobodyCanActForAnother() async throws {
        let server = try await TestServer.start(speed: 1_000)
        let (host, code) = try await host(server)
        let guest = try await TestPlayer.join(server, code: code, name: "Guest")
        await host.client.startRound()
        try await waitFor("the deal", on: host.log) { $0.has { $0 == .dealFinished } }
        let view = try #require(await host.client.view)
        let waiting = view.active == .bottom ? guest : host
        await waiting.client.turnCard()
        _ = try await waiting.expectRefusal(TableError.notYourTurn.rawValue)
        // The guest names the host's id in its call: the server judges the guest's call.
        let hostID = try #require(await host.client.id)
        await guest.client.send(.playerShouldSnap(id: hostID))
        try await waitFor("the guest's call", on: host.log) { $0.has { $0 == .snapCalled(.top, .wrong) } }
        #expect(!(await host.log.contains { $0.has { if case .snapCalled(.bottom, _) = $0 { true } else { false } } }))
        await server.stop()
    }

    @Test func snapCallsAreRateLimited() async throws {
        let server = try await TestServer.start(speed: 1)
        let (host, code) = try await host(server)
        let guest = try await TestPlayer.join(server, code: code, name: "Guest")
        await host.client.startRound()
        try await waitFor("the deal", on: host.log, timeout: .seconds(10)) { $0.has { $0 == .dealFinished } }
        for _ in 0..<20 { await guest.client.callSnap() }
        _ = try await guest.expectRefusal(WireErrorCode.rateLimited.rawValue)
        await server.stop()
    }

    @Test func requestsOutOfPlaceAreRefused() async throws {
        let server = try await TestServer.start()
        let raw = try await RawSocket.connect(server)
        await raw.send(.listTables)
        _ = try await raw.waitForError(WireErrorCode.notSignedIn.rawValue)
        await raw.send(.signInResponse(name: "   "))
        #expect(try await raw.waitForError(WireErrorCode.badName.rawValue).contains("visible character"))
        await raw.send(.signInResponse(name: "Bell\u{7}"))
        #expect(try await raw.waitForError(WireErrorCode.badName.rawValue).contains("control"))
        await raw.send(.signInResponse(name: "Raw"))
        try await raw.waitFor("welcome") { if case .welcome = $0 { true } else { false } }
        await raw.send(.signInResponse(name: "Again"))
        _ = try await raw.waitForError(WireErrorCode.alreadySignedIn.rawValue)
        await raw.send(.startRound)
        _ = try await raw.waitForError(WireErrorCode.notAtTable.rawValue)
        await raw.send(.serverReady(players: []))
        _ = try await raw.waitForError(WireErrorCode.unexpectedPacket.rawValue)
        await raw.send(.reconnect(token: "nope"))
        _ = try await raw.waitForError(WireErrorCode.unknownToken.rawValue)
        await raw.send(.hostTable(solo: false))
        try await raw.waitFor("a seat") { if case .tableJoined = $0 { true } else { false } }
        await raw.send(.joinTable(code: "ABCD"))
        _ = try await raw.waitForError(WireErrorCode.alreadyAtTable.rawValue)
        await server.stop()
    }

    @Test func aNameThatBreaksTheRulesCannotSignIn() async throws {
        let server = try await TestServer.start()
        let error = await #expect(throws: SnapClientError.self) {
            try await SnapClient.connect(to: server.url, name: String(repeating: "x", count: 30))
        }
        guard case .refused(let refusal)? = error else { Issue.record("not a refusal: \(String(describing: error))"); return }
        #expect(refusal.serverError == .badName)
        await server.stop()
    }
}

/// The server's caps: tables and connections.
@Suite struct ServerCapTests {
    @Test func tablesAndConnectionsAreCapped() async throws {
        let server = try await TestServer.start { configuration in
            configuration.maximumTables = 1
            configuration.maximumConnections = 2
        }
        let first = try await TestPlayer.connect(server, name: "Ann")
        await first.client.hostTable()
        try await first.joined()
        let second = try await TestPlayer.connect(server, name: "Bob")
        await second.client.hostTable()
        _ = try await second.expectRefusal(WireErrorCode.tooManyTables.rawValue)
        let error = await #expect(throws: SnapClientError.self) {
            try await SnapClient.connect(to: server.url, name: "Cat")
        }
        guard case .refused(let refusal)? = error else { Issue.record("not a refusal: \(String(describing: error))"); return }
        #expect(refusal.serverError == .serverFull)
        await server.stop()
    }
}
