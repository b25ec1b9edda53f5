import SnapClient
import SnapCore
import SnapProtocol
import Testing
@testable import SnapServer

/// People watching a table without a seat: what they are sent, what they may not do, the limit, and the table
/// closing under them. (That they never see a face-down card is in HiddenCardTests.)
@Suite struct WatcherTests {
    /// Ann hosts and Bob joins; both play by themselves once a round starts.
    static func twoPlayers(_ server: TestServer, record: Bool = false) async throws -> (TestPlayer, TestPlayer, String) {
        let host = try await TestPlayer.connect(server, name: "Ann", recordBytes: record, autoPlay: 5)
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await TestPlayer.join(server, code: code, name: "Bob", recordBytes: record, autoPlay: 6)
        return (host, guest, code)
    }

    @Test func aWatcherArrivingMidRoundGetsTheTableFromNoSeat() async throws {
        let server = try await TestServer.start(speed: 20)
        let (host, _, code) = try await Self.twoPlayers(server, record: true)
        await host.client.startRound()
        try await waitFor("a few cards turned", on: host.log, timeout: .seconds(60)) {
            $0.has { if case .cardTurned = $0 { true } else { false } }
        }
        let watcher = try await TestPlayer.watch(server, code: code, name: "Eve", recordBytes: true)
        guard case .snapshot(let view) = try await waitFor("the snapshot", on: watcher.log, where: { if case .snapshot = $0 { true } else { false } })
        else { return }
        #expect(view.viewer == nil)
        #expect(view.seats.compactMap { $0 }.count == 2)
        #expect(view.phase != .waiting)
        // What it shows is what the rules' view with no viewer shows, and nothing more. The count comes last.
        try await waitFor("the count", on: watcher.log) { if case .watchers(1) = $0 { true } else { false } }
        let frames = try await watcher.client.receivedBytes.map { try Frame.decode($0).packet }
        #expect(frames.first { if case .tableWatched = $0 { true } else { false } } == .tableWatched(code: code))
        #expect(frames.contains(.serverReady(players: [
            WirePlayer(id: view[.bottom]!.info.id, name: "Ann", seat: .bottom),
            WirePlayer(id: view[.top]!.info.id, name: "Bob", seat: .top),
        ])))
        #expect(frames.contains(.watcherCount(1)))
        // Every open card it was shown had been turned face up for the players too.
        try await waitFor("the winner", on: host.log, timeout: .seconds(120)) {
            $0.has { if case .roundWon = $0 { true } else { false } }
        }
        let turned = Set(try await host.client.receivedBytes.compactMap {
            if case .cardTurned(_, let card) = try Frame.decode($0).packet { card } else { nil }
        })
        for seat in view.seats.compactMap({ $0 }) {
            #expect(seat.open.allSatisfy(turned.contains))
        }
        // And the watcher's mirror followed the round to its end.
        try await waitFor("the winner, watched", on: watcher.log) {
            $0.has { if case .roundWon = $0 { true } else { false } }
        }
        #expect(await watcher.client.protocolErrors == 0)
        await server.stop()
    }

    @Test func playersSeeHowManyAreWatching() async throws {
        let server = try await TestServer.start()
        let (host, guest, code) = try await Self.twoPlayers(server)
        let old = try await RawSocket.signIn("Old", on: server, version: 3)
        await old.socket.send(.joinTable(code: code))
        try await old.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        let eve = try await TestPlayer.watch(server, code: code, name: "Eve")
        try await waitFor("one watching", on: host.log) { if case .watchers(1) = $0 { true } else { false } }
        try await waitFor("one watching", on: guest.log) { if case .watchers(1) = $0 { true } else { false } }
        let max = try await TestPlayer.watch(server, code: code, name: "Max")
        try await waitFor("two watching", on: host.log) { if case .watchers(2) = $0 { true } else { false } }
        try await waitFor("two watching, told a watcher", on: eve.log) { if case .watchers(2) = $0 { true } else { false } }
        // Someone sitting down later is told the count with the table.
        let late = try await TestPlayer.join(server, code: code, name: "Cal")
        try await waitFor("two watching, told on arrival", on: late.log) { if case .watchers(2) = $0 { true } else { false } }
        // Leaving, and closing the connection, both count out.
        await eve.client.leaveTable()
        try await waitFor("one watching again", on: host.log) { if case .watchers(1) = $0 { true } else { false } }
        await max.client.disconnect()
        try await waitFor("nobody watching", on: host.log) { if case .watchers(0) = $0 { true } else { false } }
        #expect(await server.table(code)?.watcherCount == 0)
        // A version 3 player is never sent the count.
        let packets = await old.socket.frames.map(\.packet.type)
        #expect(!packets.contains(.watcherCount), "\(packets)")
        await server.stop()
    }

    @Test func aWatcherCanOnlyLeave() async throws {
        let server = try await TestServer.start(speed: 1)
        let (host, _, code) = try await Self.twoPlayers(server)
        let eve = try await TestPlayer.watch(server, code: code, name: "Eve")
        for packet: Packet in [
            .startRound, .addComputer, .changeSettings(roundSeconds: 180, turnSeconds: 8), .clientTurnedCard,
            .callSnap(reaction: 300_000), .playerShouldSnap(id: PlayerID("1")),
        ] {
            await eve.client.send(packet)
        }
        let refusals = try await eve.refusals(TableError.notSeated.rawValue, count: 6)
        #expect(refusals.allSatisfy { $0.contains("watching") })
        // Nothing happened at the table: no round, no computer player, the settings as they were.
        let view = await server.table(code)?.view(for: await host.client.id!)
        #expect(view?.phase == .waiting)
        #expect(view?.seats.compactMap { $0 }.count == 2)
        #expect(view?.settings == TableSettings())
        // Watching and sitting down do not mix: leave first.
        await eve.client.joinTable(code: code)
        _ = try await eve.expectRefusal(WireErrorCode.alreadyAtTable.rawValue)
        await eve.client.leaveTable()
        await eve.client.joinTable(code: code)
        try await eve.joined()
        await server.stop()
    }

    @Test func theLimitOfWatchersIsAClearError() async throws {
        let server = try await TestServer.start { $0.maximumWatchersPerTable = 2 }
        let (_, _, code) = try await Self.twoPlayers(server)
        _ = try await TestPlayer.watch(server, code: code, name: "W1")
        _ = try await TestPlayer.watch(server, code: code, name: "W2")
        let third = try await TestPlayer.connect(server, name: "W3")
        await #expect(throws: SnapClient.Refusal.self) { try await third.client.watch(code: code) }
        let message = try await third.expectRefusal(WireErrorCode.tooManyWatchers.rawValue)
        #expect(message == WireErrorCode.tooManyWatchers.message)
        #expect(message.contains("watch another table"))
        #expect(await server.table(code)?.watcherCount == 2)
        await server.stop()
    }

    @Test func watchingNeedsAnOpenSharedTableAndASignIn() async throws {
        let server = try await TestServer.start()
        let eve = try await TestPlayer.connect(server, name: "Eve")
        await eve.client.send(.watchTable(code: "ZZZZ"))
        _ = try await eve.expectRefusal(WireErrorCode.unknownTable.rawValue)
        // A single-player table is private.
        let solo = try await TestPlayer.connect(server, name: "Sol")
        await solo.client.hostTable(solo: true)
        let (code, _) = try await solo.joined()
        await eve.client.send(.watchTable(code: code))
        _ = try await eve.refusals(WireErrorCode.unknownTable.rawValue, count: 2)
        #expect(await server.table(code)?.watcherCount == 0)
        // Before signing in, and on an old protocol version.
        let raw = try await RawSocket.connect(server)
        await raw.send(.hello(version: Wire.version))
        await raw.send(.watchTable(code: code))
        _ = try await raw.waitForError(WireErrorCode.notSignedIn.rawValue)
        let old = try await RawSocket.signIn("Old", on: server, version: 3)
        let (_, _, shared) = try await Self.twoPlayers(server)
        await old.socket.send(.watchTable(code: shared))
        #expect(try await old.socket.waitForError(WireErrorCode.unexpectedPacket.rawValue).contains("version 4"))
        await server.stop()
    }

    @Test func aTableClosingUnderItsWatchersTellsThem() async throws {
        let server = try await TestServer.start()
        let host = try await TestPlayer.connect(server, name: "Ann")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        await host.client.addComputer()
        let eve = try await TestPlayer.watch(server, code: code, name: "Eve")
        // A computer player and a watcher do not keep a table open.
        await host.client.leaveTable()
        guard case .tableClosed(let reason) = try await waitFor("the table closing", on: eve.log, where: {
            if case .tableClosed = $0 { true } else { false }
        }) else { return }
        #expect(reason.contains("left"))
        #expect(await eve.client.tableCode == nil)
        // Back in the lobby: the watcher may host, join or watch again.
        await eve.client.send(.watchTable(code: code))
        _ = try await eve.expectRefusal(WireErrorCode.unknownTable.rawValue)
        await eve.client.hostTable()
        try await eve.joined()
        await server.stop()
    }
}

extension WatcherTests {
    @Test func aWatcherIsToldWhenTheServerStops() async throws {
        let server = try await TestServer.start()
        let (_, _, code) = try await Self.twoPlayers(server)
        let eve = try await TestPlayer.watch(server, code: code, name: "Eve")
        await server.stop()
        try await waitFor("the goodbye", on: eve.log) {
            if case .serverQuit(SnapGameServer.shutdownReason) = $0 { true } else { false }
        }
        try await waitFor("the end", on: eve.log) { if case .closed = $0 { true } else { false } }
    }
}

extension TestPlayer {
    /// Waits for `count` refusals with this code; returns their messages.
    func refusals(_ code: UInt16, count: Int) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline {
            let messages = await log.updates.compactMap { if case .refused(code, let message) = $0 { message } else { nil } }
            if messages.count >= count { return messages }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TimedOut(what: "\(count) refusals \(code)")
    }

    /// Connects and watches the table with `code`, waiting for its snapshot.
    static func watch(_ server: TestServer, code: String, name: String, recordBytes: Bool = false) async throws -> TestPlayer {
        let player = try await connect(server, name: name, recordBytes: recordBytes)
        try await player.client.watch(code: code)
        _ = try await waitFor("the snapshot", on: player.log) { if case .snapshot = $0 { true } else { false } }
        return player
    }
}
