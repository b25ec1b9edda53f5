@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// People watching a table without a seat: what they are sent, what they may not do, the limit, and the table
/// closing under them. (That they never see a face-down card is in HiddenCardTests.) On a whole server in process.
@Suite struct WatcherTests {
    /// Ann hosts and Bob joins; both play by themselves once a round starts.
    static func twoPlayers(_ server: InProcessServer) async throws -> (InProcessClient, InProcessClient, String) {
        let host = try await server.player("Ann", autoPlay: 5)
        await host.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await server.player("Bob", joining: code, autoPlay: 6)
        return (host, guest, code)
    }

    @Test func aWatcherArrivingMidRoundGetsTheTableFromNoSeat() async throws {
        let server = InProcessServer.start(speed: 20)
        let (host, _, code) = try await Self.twoPlayers(server)
        await host.startRound()
        try await host.waitFor("a few cards turned", advancing: true) {
            $0.has { if case .cardTurned = $0 { true } else { false } }
        }
        let watcher = try await server.watcher("Eve", watching: code)
        guard case .snapshot(let view) = try await watcher.waitFor("the snapshot", where: { if case .snapshot = $0 { true } else { false } })
        else { return }
        #expect(view.viewer == nil)
        #expect(view.seats.compactMap { $0 }.count == 2)
        #expect(view.phase != .waiting)
        // What it shows is what the rules' view with no viewer shows, and nothing more. The count comes last.
        try await watcher.waitFor("the count") { if case .watchers(1) = $0 { true } else { false } }
        let frames = try await watcher.receivedBytes.flatMap { try Frame.decodeMessage($0).map(\.packet) }
        #expect(frames.first { if case .tableWatched = $0 { true } else { false } } == .tableWatched(code: code))
        #expect(frames.contains(.serverReady(players: [
            WirePlayer(id: view[.bottom]!.info.id, name: "Ann", seat: .bottom),
            WirePlayer(id: view[.top]!.info.id, name: "Bob", seat: .top),
        ])))
        #expect(frames.contains(.watcherCount(1)))
        // Every open card it was shown had been turned face up for the players too.
        try await host.waitFor("the winner", advancing: true) {
            $0.has { if case .roundWon = $0 { true } else { false } }
        }
        let turned = Set(try await host.receivedBytes.flatMap { try Frame.decodeMessage($0) }.compactMap {
            if case .cardTurned(_, let card) = $0.packet { card } else { nil }
        })
        for seat in view.seats.compactMap({ $0 }) {
            #expect(seat.open.allSatisfy(turned.contains))
        }
        // And the watcher's mirror followed the round to its end.
        try await watcher.waitFor("the winner, watched") {
            $0.has { if case .roundWon = $0 { true } else { false } }
        }
        #expect(await watcher.protocolErrors == 0)
        await server.stop()
    }

    @Test func playersSeeHowManyAreWatching() async throws {
        let server = InProcessServer.start()
        let (host, guest, code) = try await Self.twoPlayers(server)
        let old = try await ServerQuickRoundTests.signIn("Old", on: server, version: 3)
        await old.socket.send(.joinTable(code: code))
        try await old.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        let eve = try await server.watcher("Eve", watching: code)
        try await host.waitFor("one watching") { if case .watchers(1) = $0 { true } else { false } }
        try await guest.waitFor("one watching") { if case .watchers(1) = $0 { true } else { false } }
        let max = try await server.watcher("Max", watching: code)
        try await host.waitFor("two watching") { if case .watchers(2) = $0 { true } else { false } }
        try await eve.waitFor("two watching, told a watcher") { if case .watchers(2) = $0 { true } else { false } }
        // Someone sitting down later is told the count with the table.
        let late = try await server.player("Cal", joining: code)
        try await late.waitFor("two watching, told on arrival") { if case .watchers(2) = $0 { true } else { false } }
        // Leaving, and closing the connection, both count out.
        await eve.leaveTable()
        try await host.waitFor("one watching again") { if case .watchers(1) = $0 { true } else { false } }
        await max.disconnect()
        try await host.waitFor("nobody watching") { if case .watchers(0) = $0 { true } else { false } }
        #expect(await server.table(code)?.watcherCount == 0)
        // A version 3 player is never sent the count.
        let packets = old.socket.frames.map(\.packet.type)
        #expect(!packets.contains(.watcherCount), "\(packets)")
        await server.stop()
    }

    @Test func aWatcherCanOnlyLeave() async throws {
        let server = InProcessServer.start()
        let (host, _, code) = try await Self.twoPlayers(server)
        let eve = try await server.watcher("Eve", watching: code)
        for packet: Packet in [
            .startRound, .addComputer, .changeSettings(roundSeconds: 180, turnSeconds: 8), .clientTurnedCard,
            .callSnap(reaction: 300_000), .playerShouldSnap(id: PlayerID("1")),
        ] {
            await eve.send(packet)
        }
        let refusals = try await eve.refusals(TableError.notSeated.rawValue, count: 6)
        #expect(refusals.allSatisfy { $0.contains("watching") })
        // Nothing happened at the table: no round, no computer player, the settings as they were.
        let view = await server.table(code)?.view(for: await host.id!)
        #expect(view?.phase == .waiting)
        #expect(view?.seats.compactMap { $0 }.count == 2)
        #expect(view?.settings == TableSettings())
        // Watching and sitting down do not mix: leave first.
        await eve.joinTable(code: code)
        _ = try await eve.expectRefusal(WireErrorCode.alreadyAtTable.rawValue)
        await eve.leaveTable()
        await eve.joinTable(code: code)
        try await eve.joined()
        await server.stop()
    }

    @Test func theLimitOfWatchersIsAClearError() async throws {
        let server = InProcessServer.start { $0.maximumWatchersPerTable = 2 }
        let (_, _, code) = try await Self.twoPlayers(server)
        _ = try await server.watcher("W1", watching: code)
        _ = try await server.watcher("W2", watching: code)
        let third = try await server.player("W3")
        await #expect(throws: InProcessClient.Refusal.self) { try await third.watch(code: code) }
        let message = try await third.expectRefusal(WireErrorCode.tooManyWatchers.rawValue)
        #expect(message == WireErrorCode.tooManyWatchers.message)
        #expect(message.contains("watch another table"))
        #expect(await server.table(code)?.watcherCount == 2)
        await server.stop()
    }

    @Test func watchingNeedsAnOpenSharedTableAndASignIn() async throws {
        let server = InProcessServer.start()
        let eve = try await server.player("Eve")
        await eve.send(.watchTable(code: "ZZZZ"))
        _ = try await eve.expectRefusal(WireErrorCode.unknownTable.rawValue)
        // A single-player table is private.
        let solo = try await server.player("Sol")
        await solo.hostTable(solo: true)
        let (code, _) = try await solo.joined()
        await eve.send(.watchTable(code: code))
        _ = try await eve.refusals(WireErrorCode.unknownTable.rawValue, count: 2)
        #expect(await server.table(code)?.watcherCount == 0)
        // Before signing in, and on an old protocol version.
        let raw = try await server.connect()
        await raw.send(.hello(version: Wire.version))
        await raw.send(.watchTable(code: code))
        _ = try await raw.waitForError(WireErrorCode.notSignedIn.rawValue)
        let old = try await ServerQuickRoundTests.signIn("Old", on: server, version: 3)
        let (_, _, shared) = try await Self.twoPlayers(server)
        await old.socket.send(.watchTable(code: shared))
        #expect(try await old.socket.waitForError(WireErrorCode.unexpectedPacket.rawValue).contains("version 4"))
        await server.stop()
    }

    @Test func aTableClosingUnderItsWatchersTellsThem() async throws {
        let server = InProcessServer.start()
        let host = try await server.player("Ann")
        await host.hostTable()
        let (code, _) = try await host.joined()
        await host.addComputer()
        let eve = try await server.watcher("Eve", watching: code)
        // A computer player and a watcher do not keep a table open.
        await host.leaveTable()
        guard case .tableClosed(let reason) = try await eve.waitFor("the table closing", where: {
            if case .tableClosed = $0 { true } else { false }
        }) else { return }
        #expect(reason.contains("left"))
        #expect(await eve.tableCode == nil)
        // Back in the lobby: the watcher may host, join or watch again.
        await eve.send(.watchTable(code: code))
        _ = try await eve.expectRefusal(WireErrorCode.unknownTable.rawValue)
        await eve.hostTable()
        try await eve.joined()
        await server.stop()
    }

    @Test func aWatcherIsToldWhenTheServerStops() async throws {
        let server = InProcessServer.start()
        let (_, _, code) = try await Self.twoPlayers(server)
        let eve = try await server.watcher("Eve", watching: code)
        await server.stop()
        try await eve.waitFor("the goodbye") {
            if case .serverQuit(SnapGameServer.shutdownReason) = $0 { true } else { false }
        }
        try await eve.waitFor("the end") { if case .closed = $0 { true } else { false } }
    }
}
