import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer

/// The host's controls on a whole server in process: removing a player, locking the table, making it private; each
/// refused to a guest with the rules' own error, and every card kept.
@Suite struct ServerHostControlsTests {
    typealias Helpers = ServerQuickRoundTests

    static func isTableList(_ packet: Packet) -> Bool { if case .tableList = packet { true } else { false } }

    /// The codes a fresh listing of the lobby shows to `socket`.
    static func listedCodes(_ socket: InProcessSocket) async throws -> [String] {
        let before = socket.frames.count
        await socket.send(.listTables)
        try await socket.waitFor("the table list", isTableList)
        guard case .tableList(let tables) = socket.frames.dropFirst(before).last(where: { isTableList($0.packet) })?.packet
        else { return [] }
        return tables.map(\.code)
    }

    /// A server with Ann hosting, Bob at her table and Cat signed in but not at a table; and the table's code.
    static func annAndBobSeatedCatInTheLobby() async throws -> (
        InProcessServer, ManualServerClock, Helpers.Player, Helpers.Player, Helpers.Player, String
    ) {
        let (server, clock) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server)
        let cat = try await Helpers.signIn("Cat", on: server)
        return (server, clock, ann, bob, cat, try await Helpers.seat(ann, bob))
    }

    @Test func theHostRemovesAPlayerMidRoundAndTheirCardsStayAtTheTable() async throws {
        let (server, clock, ann, bob, cat, code) = try await Self.annAndBobSeatedCatInTheLobby()
        await cat.socket.send(.joinTable(code: code))
        try await cat.socket.waitFor("Cat's seat") { if case .tableJoined = $0 { true } else { false } }
        _ = try await Helpers.play(ann, clock)
        let table = try #require(await server.table(code))
        let catsSeat = try #require(await table.state.table.seat(of: cat.id))

        await bob.socket.send(.removePlayer(seat: catsSeat))
        #expect(try await bob.socket.waitForError(TableError.notHost.rawValue) == "Only the host can do that.")
        await ann.socket.send(.removePlayer(seat: .bottom))
        _ = try await ann.socket.waitForError(TableError.cannotRemoveHost.rawValue)

        await ann.socket.send(.removePlayer(seat: catsSeat))
        try await bob.socket.waitFor("Cat gone") { if case .otherClientQuit = $0 { true } else { false } }
        let message = try await cat.socket.waitForError(WireErrorCode.removedByHost.rawValue)
        #expect(message.contains("removed you"))
        let state = await table.state.table
        #expect(state.seat(of: cat.id) == nil && state.playerCount == 2)
        #expect(state.cardsAccountedFor && state.allCards.count == 52)
        #expect(await table.conservationFailures == 0)
        // Her token keeps no seat; she is back in the lobby, and may host a table of her own.
        let again = try await server.connect()
        await again.send(.reconnect(token: cat.token))
        _ = try await again.waitForError(WireErrorCode.unknownToken.rawValue)
        await cat.socket.send(.hostTable(solo: false))
        try await cat.socket.waitFor("Cat's own table") { if case .tableJoined = $0 { true } else { false } }
        await server.stop()
    }

    @Test func aLockedTableRefusesNewcomersButNotItsPlayers() async throws {
        let (server, _, ann, bob, cat, code) = try await Self.annAndBobSeatedCatInTheLobby()
        await bob.socket.send(.setTableAccess(flags: 1))
        _ = try await bob.socket.waitForError(TableError.notHost.rawValue)

        await ann.socket.send(.setTableAccess(flags: 1))
        try await bob.socket.waitFor("the lock") { $0 == .tableAccess(flags: 1) }
        await cat.socket.send(.joinTable(code: code))
        let refusal = try await cat.socket.waitForError(TableError.tableLocked.rawValue)
        #expect(refusal.contains("locked"))
        // A locked table is still listed (people can see it, and ask the host), and the host may seat a computer.
        #expect(try await Self.listedCodes(cat.socket).contains(code))
        await ann.socket.send(.addComputer)
        try await ann.socket.waitFor("the computer player") { if case .playerJoined = $0 { true } else { false } }

        await ann.socket.send(.setTableAccess(flags: 0))
        try await ann.socket.waitFor("the lock lifted") { $0 == .tableAccess(flags: 0) }
        await cat.socket.send(.joinTable(code: code))
        try await cat.socket.waitFor("Cat's seat") { if case .tableJoined = $0 { true } else { false } }
        await server.stop()
    }

    @Test func aPrivateTableIsInNoListingButJoinsByCode() async throws {
        let (server, clock, ann, bob, cat, code) = try await Self.annAndBobSeatedCatInTheLobby()
        #expect(try await Self.listedCodes(cat.socket) == [code])
        #expect(await server.core.lobby.openTableCounts().tables == 1)

        _ = try await Helpers.play(ann, clock)
        // Privacy changes during a round too; the round's own settings do not.
        await ann.socket.send(.setTableAccess(flags: 2))
        try await bob.socket.waitFor("the table private") { $0 == .tableAccess(flags: 2) }
        #expect(try await Self.listedCodes(cat.socket).isEmpty)
        #expect(await server.core.lobby.openTables().isEmpty)
        #expect(await server.core.lobby.openTableCounts() == (0, 0))
        await ann.socket.send(.setHeadStart(seat: .top, milliseconds: 100))
        _ = try await ann.socket.waitForError(TableError.roundUnderWay.rawValue)
        // The code still finds it: a watcher may come in.
        await cat.socket.send(.watchTable(code: code))
        try await cat.socket.waitFor("watching") { if case .tableWatched = $0 { true } else { false } }
        await server.stop()
    }

    @Test func anOlderClientIsNeverSentTableAccess() async throws {
        let (server, _) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server, version: 6)
        try await Helpers.seat(ann, bob)
        await ann.socket.send(.setTableAccess(flags: 3))
        try await ann.socket.waitFor("the access") { $0 == .tableAccess(flags: 3) }
        try await bob.socket.waitFor("the settings again") { $0 == .headStarts(milliseconds: [0, 0, 0, 0]) }
        try await Helpers.synced(bob.socket)
        #expect(!bob.socket.frames.contains { $0.packet.type.sinceVersion > 6 })
        await server.stop()
    }
}
