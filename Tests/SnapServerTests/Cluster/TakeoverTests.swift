import Logging
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapStore
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Tables that outlive their node: every step of a table is in its journal before its packets go out, the journal
/// rebuilds the table exactly, and a node whose lease runs out loses its tables to a node that takes them over,
/// where their players find them again with their tokens. Nodes of a real cluster on one PostgreSQL database, in
/// one process (the kill -9 of a real process is in SnapCLITests).
@Suite(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)), .serialized, .timeLimit(.minutes(3)))
struct TakeoverTests {
    typealias Node = ClusterTests.Node

    /// Two people who play by themselves (turns, right and wrong calls) at a table Ann hosts on `node`.
    static func autoPlayedTable(on node: Node) async throws -> (String, [TestPlayer]) {
        let ann = try await TestPlayer.connect(node.server, name: "Ann", autoPlay: 1)
        await ann.client.hostTable()
        let (code, _) = try await ann.joined()
        let bob = try await TestPlayer.join(node.server, code: code, name: "Bob", autoPlay: 2)
        await ann.client.startRound()
        return (code, [ann, bob])
    }

    /// The table `code` rebuilt as another node would from the first `length` entries of its journal.
    static func rebuild(_ code: String, on node: Node, journalLength length: Int) async throws -> TableSession {
        let environment = ServerEnvironment(
            configuration: node.server.configuration, clock: SystemServerClock(), logger: Logger(label: "snap.test"),
            metrics: ServerMetrics())
        let entries = try await node.cluster.journal(code: code).filter { $0.position < length }
        return try TableSession.rebuilt(
            code: code, entries: entries, fence: 0, cluster: node.cluster, environment: environment,
            hooks: TableHooks())
    }

    /// Waits for a moment when the table's every step is written; returns its state then and the journal's length.
    static func written(_ table: TableSession) async throws -> (state: (table: Table, random: UInt64), journalLength: Int) {
        var written: (state: (table: Table, random: UInt64), journalLength: Int)?
        try await ClusterTests.eventually("every step written") {
            written = await table.writtenState
            return written != nil
        }
        return try #require(written)
    }

    @Test func aWholeRoundIsRebuiltExactlyFromItsJournal() async throws {
        try await TestPostgres.withDatabase { address in
            // A quick round (3 minutes of table time, under 2 s at speed 100), so that it surely ends: a classic
            // round between two quick bots is a random walk, and one once went on for more than two minutes.
            let a = try await Node.start(in: address) {
                $0.tableSettings = TableSettings(roundLength: .quick(.seconds(180)), turnTime: nil)
            }
            let (code, players) = try await Self.autoPlayedTable(on: a)
            try await waitFor("the winner", on: players[0].log, timeout: .seconds(120)) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
            let table = try #require(await a.server.table(code))
            let written = try await Self.written(table)
            let rebuilt = try await Self.rebuild(code, on: a, journalLength: written.journalLength)
            // Every card in the same place, face down ones included, and the same random numbers to come.
            #expect(await rebuilt.state == written.state)
            #expect(await rebuilt.cardsAccountedFor)
            for player in players { await player.client.disconnect() }
            await a.stop()
        }
    }

    @Test func aRoundUnderWayIsRebuiltExactlyWhereItsJournalStands() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let (code, players) = try await Self.autoPlayedTable(on: a)
            // Some way into the round, with cards turned and calls made, while the players play on.
            _ = await Patience.wait {
                await players[0].log.count { $0.has { if case .cardTurned = $0 { true } else { false } } } >= 6
            }
            // The host locks the table and makes it private mid-round: the journal keeps that too.
            await players[0].client.setTableAccess(isLocked: true, isPrivate: true)
            let table = try #require(await a.server.table(code))
            _ = await Patience.wait { await table.state.table.settings.isPrivate }
            let written = try await Self.written(table)
            let rebuilt = try await Self.rebuild(code, on: a, journalLength: written.journalLength)
            #expect(await rebuilt.state == written.state)
            #expect(written.state.table.settings.isLocked && written.state.table.settings.isPrivate)
            for player in players { await player.client.disconnect() }
            await a.stop()
        }
    }

    @Test func aNodeWhoseLeaseRanOutLosesItsTableAndThePlayersFindItWhereItWasTakenOver() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let ann = try await TestPlayer.connect(a.server, name: "Ann")
            await ann.client.hostTable()
            let (code, _) = try await ann.joined()
            let bob = try await TestPlayer.join(a.server, code: code, name: "Bob")
            await ann.client.startRound()
            try await waitFor("the deal", on: ann.log) { $0.has { $0 == .dealFinished } }
            let table = try #require(await a.server.table(code))
            try await ClusterTests.eventually("every step written") { await table.journalIsWritten }
            let before = await table.state.table
            // As if A had been paused past its lease: its tables are orphans now, for any live node to take.
            try await ClusterTests.expireLease(of: a, in: address)
            // Both players come back to their seats, wherever the table went (B, or A once registered again).
            for player in [ann, bob] {
                try await waitFor("back at the table", on: player.log, timeout: Patience.deadline) {
                    if case .reconnected = $0 { true } else { false }
                }
            }
            var owner: TableSession?
            try await ClusterTests.eventually("the table taken over") {
                if let atB = await b.server.table(code) {
                    owner = atB
                } else {
                    owner = await a.server.table(code)
                }
                return owner != nil && owner !== table
            }
            let after = try #require(await owner?.state.table)
            for seat in [Seat.bottom, .top] {
                #expect(after[seat]?.info == before[seat]?.info)
                #expect(after[seat]?.closed == before[seat]?.closed)
                #expect(after[seat]?.open == before[seat]?.open)
            }
            #expect(await owner?.cardsAccountedFor == true)
            // The old table wrote nothing more, and holds no one.
            let annID = try #require(await ann.client.id)
            #expect(await table.isConnected(annID) == false)
            // And the round goes on there: it is Ann's or Bob's turn, and whoever it is can turn.
            let view = try #require(await ann.client.view)
            let turner = view.active == view.viewer ? ann : bob
            await turner.client.turnCard()
            try await waitFor("a card turned after the takeover", on: ann.log) {
                $0.has { if case .cardTurned = $0 { true } else { false } }
            }
            await a.stop()
            await b.stop()
        }
    }
}
