import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing
@testable import SnapServer

/// The limits of the game a client can run into: request rates, the connections and tables per address, the
/// sign-in deadline and names. Each refuses with its own error. On a whole server in process, on its test clock;
/// the socket's own limits are in ServerLimitTests, on a real server.
@Suite struct ConnectionLimitTests {
    @Test func aRequestFloodGetsTheRateLimitErrorAndThenIsClosed() async throws {
        let server = InProcessServer.start()
        let raw = try await server.connect()
        await raw.send(.signInResponse(name: "Flood"))
        try await raw.waitFor("welcome") { if case .welcome = $0 { true } else { false } }
        for _ in 0..<40 { await raw.send(.listTables) }
        let message = try await raw.waitForError(WireErrorCode.rateLimited.rawValue)
        #expect(message.contains("lobby"))
        for _ in 0..<200 { await raw.send(.listTables) }
        try await raw.waitForClose()
        #expect(raw.closeCode == .policyViolation)
        await server.stop()
    }

    @Test func aPersonTappingFastIsNeverLimited() async throws {
        let server = InProcessServer.start()
        let player = try await server.player("Quick")
        // Ten taps a second for three seconds on the lobby's buttons.
        for _ in 0..<30 {
            await player.listTables()
            try await server.advance(by: .milliseconds(100))
        }
        await player.hostTable()
        try await player.joined()
        #expect(!(await player.contains { if case .refused = $0 { true } else { false } }))
        await server.stop()
    }

    @Test func connectionsFromOneAddressAreCapped() async throws {
        let server = InProcessServer.start { $0.maximumConnectionsPerAddress = 3 }
        var sockets: [InProcessSocket] = []
        for _ in 0..<3 { sockets.append(try await server.connect()) }
        let fourth = try await server.socket()
        let message = try await fourth.waitForError(WireErrorCode.tooManyConnectionsFromAddress.rawValue)
        #expect(message.contains("network address"))
        try await fourth.waitForClose()
        // One leaves, and there is room again once the server has counted it out.
        await sockets[0].close()
        try await sockets[0].waitForClose()
        #expect(await Patience.wait { await server.core.roster.connectionCount == 2 })
        _ = try await server.connect()
        await server.stop()
    }

    @Test func tablesFromOneAddressAreCapped() async throws {
        let server = InProcessServer.start { $0.maximumTablesPerAddress = 1 }
        let first = try await server.player("One")
        await first.hostTable()
        try await first.joined()
        let second = try await server.player("Two")
        await second.hostTable(solo: true)
        #expect(try await second.expectRefusal(WireErrorCode.tooManyTablesFromAddress.rawValue).contains("too many tables"))
        await server.stop()
    }

    @Test func aConnectionThatDoesNotSignInInTimeIsClosed() async throws {
        // The sign-in deadline is checked once per ping interval.
        let server = InProcessServer.start(pinging: true) {
            $0.signInTimeout = .seconds(5)
            $0.pingInterval = .seconds(1)
        }
        let slice = server.configuration.pingInterval / 100
        let raw = try await server.connect()
        while !raw.isClosed, server.clock.now < .seconds(60) { try await server.advance(by: slice) }
        #expect(try await raw.waitForError(WireErrorCode.signInTimedOut.rawValue).contains("Sign in sooner"))
        try await raw.waitForClose()
        #expect(raw.closeCode == .policyViolation)
        // One that signs in keeps its connection.
        let player = try await server.player("Prompt")
        try await server.advance(by: .seconds(6), step: slice)
        await player.hostTable()
        try await player.joined()
        await server.stop()
    }

    @Test func anInvisibleNameIsRefusedOnTheWire() async throws {
        let server = InProcessServer.start()
        let raw = try await server.connect()
        await raw.send(.signInResponse(name: "\u{3164}"))
        #expect(try await raw.waitForError(WireErrorCode.badName.rawValue).contains("invisible"))
        await server.stop()
    }

    @Test(arguments: ["Lucy", "ray"])
    func aSoloPlayerNamedLikeAComputerStillGetsThreeOpponents(name: String) async throws {
        let server = InProcessServer.start()
        let player = try await server.player(name)
        await player.hostTable(solo: true)
        try await player.joined()
        try await server.wait("three opponents") { (await player.view?.occupiedSeats.count ?? 0) == 4 }
        let view = try #require(await player.view)
        #expect(view.occupiedSeats.count == 4)
        let names = view.occupiedSeats.compactMap { view[$0]?.info.name.lowercased() }
        #expect(Set(names).count == 4)
        await server.stop()
    }
}
