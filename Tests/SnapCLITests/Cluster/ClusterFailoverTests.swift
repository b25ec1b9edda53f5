import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

/// A node of a real cluster dies (`kill -9`) or is paused past its lease (SIGSTOP) in the middle of rounds: every
/// one of its tables carries on at another node, rebuilt from its journal, with no card lost and every player back
/// in their seat; and a paused node that wakes up acts no more for the tables it lost. Three `snap serve` nodes,
/// nginx in front, one PostgreSQL (``ClusterHarness``). Everything is waited for, nothing timed.
@Suite(
    .startsPrograms,
    .enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)),
    .enabled(if: TestNginx.enabled, Comment(rawValue: TestNginx.skipped)),
    .serialized, .timeLimit(.minutes(7)))
struct ClusterFailoverTests {
    /// A table two people host and join through nginx, its round dealt.
    struct PlayedTable {
        let code: String
        let players: [(client: SnapClient, log: ClientUpdateLog, seat: Seat)]
    }

    /// How long a takeover may take on a busy machine: the lease, a look for orphans, the clients' retries.
    static let takeover: Duration = .seconds(90)

    /// The nodes' lease: 2 s rather than the default 5, so that a dead or paused node's tables move sooner. Not the
    /// shortest (1 s): a node renews every third of its lease, and on a busy machine a live node could miss that.
    /// Game delays four times as fast: the six tables are dealt one after another, in half a second each.
    static let nodeArguments = ["--lease", "2", "--speed", "4"]

    static func isTurn(_ update: ClientUpdate) -> Bool {
        if case .table(_, let events) = update { events.contains { if case .cardTurned = $0 { true } else { false } } } else { false }
    }

    /// Two people at a new table through nginx, their round started and dealt.
    static func table(_ number: Int, in cluster: ClusterHarness) async throws -> PlayedTable {
        let (host, hostLog) = try await ClusterBehindNginxTests.player("Host \(number)", at: cluster.entryURL)
        let hostSeat = try await host.sitDown(at: nil)
        let code = try #require(await host.tableCode)
        let (guest, guestLog) = try await ClusterBehindNginxTests.player("Guest \(number)", at: cluster.entryURL)
        let guestSeat = try await guest.sitDown(at: code)
        await host.startRound()
        for log in [hostLog, guestLog] {
            let dealt = await log.waitFor { if case .table(_, let events) = $0 { events.contains(.dealFinished) } else { false } }
            #expect(dealt, "table \(code) dealt")
        }
        return PlayedTable(code: code, players: [(host, hostLog, hostSeat), (guest, guestLog, guestSeat)])
    }

    /// Whoever is to turn at `table` turns (if nobody has yet), and both players see a card turned after they had
    /// seen `before` turns: the table is playing.
    static func playsOn(_ table: PlayedTable, after before: [Int]) async throws -> Bool {
        let active = await table.players[0].client.view?.active
        if let turner = table.players.first(where: { $0.seat == active }) { await turner.client.turnCard() }
        for (player, seen) in zip(table.players, before) {
            let played = await Patience.wait(for: takeover) { await player.log.count(where: isTurn) > seen }
            guard played else { return false }
        }
        return true
    }

    @Test func aNodeKilledMidRoundHasEveryTableCarryOnElsewhereWithEveryoneInTheirSeats() async throws {
        try await ClusterHarness.run(nodes: 3, arguments: Self.nodeArguments) { cluster in
            var tables: [PlayedTable] = []
            for number in 1...6 { tables.append(try await Self.table(number, in: cluster)) }
            var owners: [String: Int] = [:]
            for table in tables { owners[table.code] = try await ClusterBehindNginxTests.owner(of: table.code, in: cluster).number }
            // The node with the most tables dies: no goodbye, no leaving the cluster.
            let victim = Dictionary(grouping: owners.values, by: { $0 }).max { $0.value.count < $1.value.count }!.key
            let lost = tables.filter { owners[$0.code] == victim }
            let kept = tables.filter { owners[$0.code] != victim }
            var turnsBefore: [String: [Int]] = [:]
            for table in tables {
                var seen: [Int] = []
                for player in table.players { seen.append(await player.log.count(where: Self.isTurn)) }
                turnsBefore[table.code] = seen
            }
            await cluster.kill(node: victim)

            for table in lost {
                for player in table.players {
                    let back = await Patience.wait(for: Self.takeover) {
                        await player.log.contains { if case .reconnected = $0 { true } else { false } }
                    }
                    #expect(back, "a player of \(table.code) back at the table")
                    // Same seat, same table, all 52 cards there.
                    let view = await player.client.view
                    let code = await player.client.tableCode
                    #expect(view?.viewer == player.seat && code == table.code)
                    #expect(view?.cardCount == 52, "\(table.code): \(view?.cardCount ?? 0) cards")
                }
                let owner = try await ClusterBehindNginxTests.owner(of: table.code, in: cluster)
                #expect(owner.number != victim, "\(table.code) still placed on the dead node")
                #expect(try await Self.playsOn(table, after: turnsBefore[table.code]!), "\(table.code) playing again")
            }
            // The other nodes' tables never noticed.
            for table in kept {
                for player in table.players {
                    #expect(await player.log.contains { if case .reconnecting = $0 { true } else { false } } == false)
                }
                #expect(try await Self.playsOn(table, after: turnsBefore[table.code]!))
            }
        }
    }

    @Test func aNodePausedPastItsLeaseDoesNothingForItsOldTablesWhenItWakes() async throws {
        try await ClusterHarness.run(nodes: 3, arguments: Self.nodeArguments) { cluster in
            let table = try await Self.table(1, in: cluster)
            let paused = try await ClusterBehindNginxTests.owner(of: table.code, in: cluster)
            cluster.pause(node: paused.number)
            // Another node takes the table over once the paused one's lease has run out.
            let taken = await Patience.wait(for: Self.takeover) {
                let owner = try? await cluster.owner(of: table.code)
                return owner != nil && owner?.number != paused.number
            }
            #expect(taken, "the table taken over from the paused node")
            // Meanwhile the players ask the paused node to turn: the request waits in its socket.
            var marks: [Int] = []
            for player in table.players { marks.append(await player.log.updates.count) }
            for player in table.players { await player.client.turnCard() }
            cluster.resume(node: paused.number)
            // When it wakes, it may still read those requests, but what it does is never written nor sent: its
            // players hear no card turned from it, and come back at the table's new node.
            for (player, mark) in zip(table.players, marks) {
                let back = await Patience.wait(for: Self.takeover) {
                    await player.log.contains { if case .reconnected = $0 { true } else { false } }
                }
                #expect(back, "back at the table's new node")
                let updates = await player.log.updates
                let woke = updates[mark...]
                let reconnected = woke.firstIndex { if case .reconnected = $0 { true } else { false } } ?? woke.endIndex
                #expect(woke[..<reconnected].contains(where: Self.isTurn) == false, "a card turned by the paused node")
                #expect(await player.client.view?.cardCount == 52)
            }
            let owner = try await ClusterBehindNginxTests.owner(of: table.code, in: cluster)
            #expect(owner.number != paused.number)
            // The woken node joined the cluster again, owning none of its old tables.
            let rejoined = await Patience.wait {
                (try? await cluster.directory.liveNodes().contains { $0.url == paused.url }) ?? false
            }
            #expect(rejoined, "the paused node registered again")
        }
    }
}
