import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// The limits a client runs into at the socket: the outbox of a client that does not read, the sockets per address
/// and the descriptor budget, on a real server. Each refuses with its own error, and the table goes on. (The
/// limits of the game itself — request rates, the caps per address, the sign-in deadline — are in
/// ConnectionLimitTests, on the in-process harness.)
@Suite struct ServerLimitTests {
    @Test func aClientThatNeverReadsIsCutOffAtTheCapWhileItsTableGoesOnAndItsSeatSurvives() async throws {
        let server = try await TestServer.start(speed: 1, grace: .seconds(30)) {
            $0.outboxLimit = 32 * 1024
            // A small kernel buffer: what the server sends reaches the outbox limit, not megabytes of socket buffer
            // that a busy machine takes minutes to fill.
            $0.socketSendBuffer = 8 * 1024
            $0.requestLimits = .unlimited
            // Only the outbox may cut it off, not its silence.
            $0.silenceLimit = .seconds(600)
        }
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let (slow, token) = try await TCPProbe.signedIn(server, name: "Slow", receiveBuffer: 4_096)
        slow.send(packet: .joinTable(code: code))
        _ = await slow.waitFor { HandFrame.packets(in: $0).contains { if case .tableJoined = $0 { true } else { false } } }
        // From here on the client reads nothing, and asks for the whole table again and again.
        var requests = 0
        while !(await host.log.contains { if case .playerConnection(_, false) = $0 { true } else { false } }) {
            for _ in 0..<200 { requests += slow.send(packet: .resyncRequest) > 0 ? 1 : 0 }
            try await Task.sleep(for: .milliseconds(5))
            #expect(requests < 1_000_000, "never cut off")
            if requests >= 1_000_000 { break }
        }
        #expect(await server.server.roster.connectionCount == 1)
        let metrics = try await server.get("/metrics").body
        #expect(metrics.contains("snap_outbox_overruns_total 1"))
        // The table goes on for the host: they start the round with a computer player and turn a card.
        await host.client.addComputer()
        await host.client.startRound()
        _ = try await waitFor("the deal", on: host.log) { $0.has { if case .dealt = $0 { true } else { false } } }
        // The cut-off player comes back with their token and finds their seat and the round.
        let back = try await RawSocket.connect(server)
        await back.send(.reconnect(token: token))
        try await back.waitFor("the snapshot") { if case .snapshot = $0 { true } else { false } }
        #expect(await server.table(code)?.cardsAccountedFor == true)
        await server.stop()
    }

    @Test func socketsFromOneAddressAreCappedAtTheDoor() async throws {
        let server = try await TestServer.start { $0.maximumSocketsPerAddress = 5 }
        let held = try (0..<5).map { _ in try TCPProbe(port: server.port) }
        let refused = try TCPProbe(port: server.port)
        #expect(await refused.waitForClose())
        #expect(held.allSatisfy { !$0.isClosedByServer })
        for probe in held { probe.close() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await server.get("/metrics").body.contains(#"snap_sockets_refused_total{reason="address-full"} 1"#))
        await server.stop()
    }

    @Test func idleSocketsMakeRoomForHealthChecksAndPlayersWhileSeatedPlayersPlayOn() async throws {
        let server = try await TestServer.start { $0.maximumSockets = 12 }
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable(solo: true)
        try await host.joined()
        // Far more idle sockets than the budget: the oldest are evicted, the signed-in player never.
        var idle: [TCPProbe] = []
        for _ in 0..<40 { idle.append(try TCPProbe(port: server.port)) }
        // The server takes them in as fast as it can; wait until it has made room for the last of them.
        var closed = 0
        _ = await Patience.wait {
            closed = idle.reduce(0) { $1.poll(); return $0 + ($1.isClosedByServer ? 1 : 0) }
            return closed >= 28
        }
        #expect(closed >= 28)
        #expect(try await server.get("/healthz").status == 200)
        let newcomer = try await TestPlayer.connect(server, name: "New")
        await newcomer.client.hostTable(solo: true)
        try await newcomer.joined()
        await host.client.startRound()
        _ = try await waitFor("the deal", on: host.log) { $0.has { if case .dealt = $0 { true } else { false } } }
        await server.stop()
    }

    @Test func whenEverySocketIsEarnedNewcomersAreRefused() async throws {
        let server = try await TestServer.start { $0.maximumSockets = 3 }
        var players: [TestPlayer] = []
        for index in 0..<3 { players.append(try await TestPlayer.connect(server, name: "P\(index)")) }
        let refused = try TCPProbe(port: server.port)
        #expect(await refused.waitForClose())
        await server.stop()
    }
}

/// A flood from one address does not reach the players at other tables: the packets that arrive late for them
/// are counted with and without a flood alongside, and compared (counts, not timings).
@Suite struct ServerFloodIsolationTests {
    @Test func aFloodDoesNotChangeHowManyPacketsArriveLateForOtherPlayers() async throws {
        // The two players turn as fast as the table lets them, faster than people can: their turns are not limited.
        let server = try await TestServer.start { $0.requestLimits.turn = .init(perSecond: 1_000, burst: 1_000) }
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await TestPlayer.join(server, code: code, name: "Guest")
        await host.client.startRound()
        _ = try await waitFor("the deal", on: host.log) { $0.has { $0 == .dealFinished } }
        let quiet = try await lateTurns(100, by: [host, guest])
        let flood = Task.detached { await Self.flood(server) }
        let flooded = try await lateTurns(100, by: [host, guest])
        flood.cancel()
        #expect(await flood.value >= 10, "the flood hardly ran")
        // The flood spent its address's new connections (and may still hold some of its sockets): the metrics'
        // own connection is refused until they come back, which a busy machine can take seconds to see to.
        #expect(try await Self.metricsOnceAdmitted(server).contains(#"snap_errors_total{code="107"}"#))
        // Late: the turned card reached its player more than 100 ms after the turn was sent. On a quiet machine
        // both counts are 0, and a flood that reached the table would make nearly all 100 late; the margin is for a
        // shared, noisy machine, and grows with the noise the quiet count shows (38 quiet and 49 flooded, once,
        // beside two busy loops, a loaded test run and a build).
        #expect(flooded <= quiet + max(10, quiet), "late turns: \(quiet) quiet, \(flooded) during the flood")
        #expect(await server.table(code)?.cardsAccountedFor == true)
        await server.stop()
    }

    /// The server's `/metrics`, asked for until the address is let in again (up to 10 s).
    private static func metricsOnceAdmitted(_ server: TestServer) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do { return try await server.get("/metrics").body } catch where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Plays `turns` turns between the players; how many of the turned cards came back late.
    private func lateTurns(_ turns: Int, by players: [TestPlayer]) async throws -> Int {
        var late = 0
        for _ in 0..<turns {
            var turner: TestPlayer?
            for _ in 0..<500 where turner == nil {
                for player in players where await player.client.view?.viewerCanTurn == true { turner = player }
                if turner == nil { try await Task.sleep(for: .milliseconds(2)) }
            }
            guard let turner else { throw TimedOut(what: "a player able to turn") }
            let before = await turnedCards(turner)
            let sent = ContinuousClock.now
            await turner.client.turnCard()
            while await turnedCards(turner) == before {
                guard ContinuousClock.now - sent < .seconds(5) else { throw TimedOut(what: "a turned card") }
                try await Task.sleep(for: .milliseconds(1))
            }
            if ContinuousClock.now - sent > .milliseconds(100) { late += 1 }
        }
        return late
    }

    private func turnedCards(_ player: TestPlayer) async -> Int {
        await player.log.updates.reduce(0) { count, update in
            count + update.events.filter { if case .cardTurned = $0 { true } else { false } }.count
        }
    }

    /// Connection after connection, one at a time, that signs in, sends as many requests as its frames may
    /// (the most work one connection can ask for) and never reads, until cancelled.
    private static func flood(_ server: TestServer) async -> Int {
        var connections = 0
        let request = HandFrame.frame(opcode: 2, payload: Frame(number: nil, packet: .listTables).encoded())
        let burst = Array([[UInt8]](repeating: request, count: Int(RequestLimits().messages.burst)).joined())
        while !Task.isCancelled {
            guard let probe = try? TCPProbe(port: server.port, receiveBuffer: 4_096) else { continue }
            probe.send(HandFrame.upgrade())
            probe.send(packet: .signInResponse(name: "Flood"))
            probe.send(burst)
            connections += 1
            try? await Task.sleep(for: .milliseconds(10))
        }
        return connections
    }
}
