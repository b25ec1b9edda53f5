import Foundation
import PostgresNIO
import SnapTestSupport
import Testing

@testable import SnapPostgres
@testable import SnapStore

/// The cluster's directory against a real server (SNAP_TEST_POSTGRES_URL): leases, unique codes, changes
/// through LISTEN/NOTIFY, tokens, journals, takeovers and fencing. Each test has a database of its own.
///
/// Leases that must hold are long. One test waits a short lease out (by more than its length: only ever in the
/// direction a slow machine cannot break); elsewhere a lease is made to have run out by setting its end in the
/// past, as a node paused past its lease leaves it, so that a slow machine cannot end a lease too early.
// A notice that never comes would otherwise wait for ever.
@Suite(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)), .timeLimit(.minutes(2)))
struct PostgresClusterTests {
    static let short: Duration = .milliseconds(300)
    static let long: Duration = .seconds(120)

    @Test func aNodeURLIsRefusedWhileItsHoldersLeaseRunsAndTakenOnceItRanOut() async throws {
        try await withClusters(leases: [Self.long, Self.long, Self.short]) { clusters in
            let (ann, bob, cat) = (clusters[0], clusters[1], clusters[2])
            let first = try await ann.register(url: "ws://127.0.0.1:9001")
            await #expect(throws: StoreError.nodeURLInUse(url: "ws://127.0.0.1:9001")) {
                try await bob.register(url: "ws://127.0.0.1:9001")
            }
            let renewed = try await ann.renew()
            #expect(renewed.term == first.term && renewed.leaseUntil > first.leaseUntil)
            #expect(try await bob.liveNodes().map(\.url) == ["ws://127.0.0.1:9001"])

            // A lease that runs out: its URL can be taken, with a new term, and the old holder cannot renew.
            let lapsing = try await cat.register(url: "ws://127.0.0.1:9002")
            try await Task.sleep(for: Self.short * 4)
            #expect(try await bob.liveNodes().map(\.url) == ["ws://127.0.0.1:9001"])
            let taken = try await bob.register(url: "ws://127.0.0.1:9002")
            #expect(taken.term > lapsing.term)
            await #expect(throws: StoreError.leaseLost(url: "ws://127.0.0.1:9002")) { try await cat.renew() }

            // Leaving frees the URL at once.
            try await ann.leave()
            #expect(ann.node == nil)
            #expect(try await cat.register(url: "ws://127.0.0.1:9001").url == "ws://127.0.0.1:9001")
            await #expect(throws: StoreError.notRegistered) { try await ann.renew() }
        }
    }

    @Test func nodesRegisteringOneURLAtOnceGiveItToOne() async throws {
        try await withClusters(leases: Array(repeating: Self.long, count: 4)) { clusters in
            let registered = await withTaskGroup(of: Bool.self) { group in
                for cluster in clusters {
                    group.addTask { (try? await cluster.register(url: "ws://127.0.0.1:9001")) != nil }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            let live = try await clusters[0].liveNodes()
            #expect(registered == 1 && live.count == 1)
        }
    }

    @Test func aMalformedNodeURLIsRefused() async throws {
        try await withClusters(leases: [Self.long]) { clusters in
            for url in ["", "127.0.0.1:9001", "ftp://host/", "ws://", "ws://host:9001/?x=1"] {
                await #expect {
                    try await clusters[0].register(url: url)
                } throws: { error in
                    guard case .badNodeURL(let value, _) = error as? StoreError else { return false }
                    return value == url
                }
            }
            let nodes = try await clusters[0].liveNodes()
            #expect(nodes.isEmpty)
        }
    }

    @Test func tableCodesAreUniqueAcrossTheCluster() async throws {
        try await withNodes { ann, bob in
            _ = try await ann.claim(code: "KXPT")
            await #expect(throws: StoreError.codeTaken(code: "KXPT")) { _ = try await bob.claim(code: "KXPT") }
            // Two nodes claiming one code at once: one of them gets it.
            let claims = await withTaskGroup(of: Bool.self) { group in
                for node in [ann, bob] {
                    for _ in 0..<5 { group.addTask { (try? await node.claim(code: "QQZM")) != nil } }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(claims == 1)
            // A removed table's code is free again, and only its owner may remove it.
            await #expect(throws: StoreError.fenced(code: "KXPT")) { try await bob.remove(code: "KXPT") }
            try await ann.remove(code: "KXPT")
            await #expect(throws: StoreError.noSuchTable(code: "KXPT")) { try await ann.remove(code: "KXPT") }
            _ = try await bob.claim(code: "KXPT")
        }
    }

    @Test func listingsAndTheirChangesReachEveryNode() async throws {
        try await withNodes { ann, bob in
            var changes = bob.changes().makeAsyncIterator()
            #expect(try await changes.next() == .current([]))

            _ = try await ann.claim(code: "KXPT")
            let listing = ClusterListing(
                code: "KXPT", hostName: "Ann", players: 1, seatsFree: 3, roundUnderWay: false, solo: false)
            try await ann.publish(listing)
            let listed = ClusterTable(listing: listing, nodeURL: ann.node!.url)
            #expect(try await changes.next() == .listed(listed))
            #expect(try await bob.listings() == [listed])

            // Publishing the same again says nothing; a change does.
            try await ann.publish(listing)
            var playing = listing
            playing.players = 2
            playing.roundUnderWay = true
            try await ann.publish(playing)
            #expect(try await changes.next() == .listed(ClusterTable(listing: playing, nodeURL: ann.node!.url)))
            await #expect(throws: StoreError.fenced(code: "KXPT")) { try await bob.publish(listing) }

            try await ann.remove(code: "KXPT")
            #expect(try await changes.next() == .unlisted(code: "KXPT"))
            let url = ann.node!.url
            try await ann.leave()
            #expect(try await changes.next() == .nodeLeft(url: url))
            #expect(try await bob.listings().isEmpty)
        }
    }

    @Test func aListenerStartsFromEveryListedTable() async throws {
        try await withNodes { ann, bob in
            _ = try await ann.claim(code: "KXPT")
            _ = try await ann.claim(code: "HIDE")
            let listing = ClusterListing(
                code: "KXPT", hostName: "Ann", players: 1, seatsFree: 3, roundUnderWay: false, solo: true)
            try await ann.publish(listing)
            for try await change in bob.changes() {
                // Claimed and never published: not listed.
                #expect(change == .current([ClusterTable(listing: listing, nodeURL: ann.node!.url)]))
                break
            }
        }
    }

    @Test func aListenerWhoseConnectionIsCutEndsWithAnError() async throws {
        try await withNodes { ann, _ in
            var changes = ann.changes().makeAsyncIterator()
            #expect(try await changes.next() == .current([]))
            try await TestPostgres.withConnection(to: ann.address) { connection in
                try await connection.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                    """, logger: TestPostgres.logger)
            }
            await #expect {
                while try await changes.next() != nil {}
            } throws: { error in
                guard case .unreachable = error as? StoreError else { return false }
                return true
            }
        }
    }

    @Test func tokensAndTablesAreFoundFromAnyNode() async throws {
        try await withNodes { ann, bob in
            _ = try await ann.claim(code: "KXPT")
            try await ann.remember(token: "0a1b2c", at: "KXPT")
            #expect(try await bob.locate(token: "0a1b2c") == "KXPT")
            #expect(try await bob.locate(token: "ffffff") == nil)
            #expect(try await bob.locate(code: "KXPT") == .node(url: ann.node!.url))
            #expect(try await bob.locate(code: "NONE") == nil)
            await #expect(throws: StoreError.noSuchTable(code: "NONE")) {
                try await ann.remember(token: "0a1b2c", at: "NONE")
            }
            try await ann.forget(token: "0a1b2c")
            #expect(try await bob.locate(token: "0a1b2c") == nil)

            // A node that left leaves its tables orphaned; a removed table takes its tokens with it.
            try await ann.remember(token: "0a1b2c", at: "KXPT")
            try await ann.leave()
            #expect(try await bob.locate(code: "KXPT") == .orphaned)
            _ = try await bob.takeOver(code: "KXPT")
            #expect(try await bob.locate(token: "0a1b2c") == "KXPT")
            try await bob.remove(code: "KXPT")
            #expect(try await bob.locate(token: "0a1b2c") == nil)
        }
    }

    @Test func theJournalKeepsBatchesInOrderAndTrims() async throws {
        try await withNodes { ann, bob in
            let fence = try await ann.claim(code: "KXPT")
            let other = try await bob.claim(code: "QQZM")
            #expect(try await ann.journal(code: "KXPT").isEmpty)
            let batches: [[[UInt8]]] = [
                [[1], [2, 3]], [], [[]], [Rounds.log(count: 300, seed: 7), [0, 0xFF, 0]], [[9]],
            ]
            var next: Int64 = 0
            for batch in batches {
                let after = try await ann.append(code: "KXPT", fence: fence, entries: batch)
                #expect(after == next + Int64(batch.count))
                next = after
            }
            try await bob.append(code: "QQZM", fence: other, entries: [[42]])
            let entries = batches.flatMap { $0 }
            let journal = try await bob.journal(code: "KXPT")
            #expect(journal.map(\.bytes) == entries)
            #expect(journal.map(\.position) == Array(0..<Int64(entries.count)))

            #expect(try await ann.trim(code: "KXPT", fence: fence, before: 3) == 3)
            #expect(try await ann.journal(code: "KXPT").map(\.position) == [3, 4, 5])
            #expect(try await ann.journal(code: "KXPT", from: 5).map(\.bytes) == [[9]])
            // Positions go on after a trim; another table's journal is its own.
            #expect(try await ann.append(code: "KXPT", fence: fence, entries: [[10]]) == 7)
            #expect(try await ann.journal(code: "QQZM").map(\.bytes) == [[42]])
            await #expect(throws: StoreError.fenced(code: "QQZM")) {
                try await ann.append(code: "QQZM", fence: other, entries: [[1]])
            }
            await #expect(throws: StoreError.noSuchTable(code: "NONE")) {
                try await ann.append(code: "NONE", fence: fence, entries: [[1]])
            }
        }
    }

    @Test func nodesRacingToTakeOverATableMakeExactlyOneOwner() async throws {
        try await withClusters(leases: [Self.long, Self.long, Self.long, Self.long]) { clusters in
            let dying = clusters[0]
            let survivors = Array(clusters[1...])
            try await dying.register(url: "ws://127.0.0.1:9000")
            for (index, node) in survivors.enumerated() {
                try await node.register(url: "ws://127.0.0.1:910\(index)")
            }
            let codes = (0..<12).map { "T\(String($0, radix: 36).uppercased())XX" }
            for code in codes { _ = try await dying.claim(code: code) }
            #expect(try await survivors[0].orphanedTables().isEmpty)
            try await Self.endLease(of: dying)
            #expect(try await survivors[0].orphanedTables() == codes.sorted())

            for code in codes {
                let outcomes = try await withThrowingTaskGroup(of: (Int, Int64?).self) { group in
                    for (index, node) in survivors.enumerated() {
                        group.addTask {
                            do {
                                return (index, try await node.takeOver(code: code))
                            } catch StoreError.notOrphaned(code) {
                                return (index, nil)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let winners = outcomes.filter { $0.1 != nil }
                try #require(winners.count == 1, "\(code): \(outcomes)")
                let winner = survivors[winners[0].0]
                #expect(try await survivors[0].locate(code: code) == .node(url: winner.node!.url))
                // The winner, and only it, writes under its fence.
                try await winner.append(code: code, fence: winners[0].1!, entries: [[1]])
                for loser in survivors where loser !== winner {
                    await #expect(throws: StoreError.notOrphaned(code: code)) {
                        _ = try await loser.takeOver(code: code)
                    }
                }
            }
            #expect(try await survivors[0].orphanedTables().isEmpty)
        }
    }

    @Test func aNodeThatLostItsTableWritesNothingMore() async throws {
        try await withClusters(leases: [Self.long, Self.long]) { clusters in
            let (paused, bob) = (clusters[0], clusters[1])
            try await paused.register(url: "ws://127.0.0.1:9000")
            try await bob.register(url: "ws://127.0.0.1:9001")
            let fence = try await paused.claim(code: "KXPT")
            try await paused.append(code: "KXPT", fence: fence, entries: [[1], [2]])

            // Past its lease (as a process stopped with SIGSTOP would be), before anyone took its table: refused.
            try await Self.endLease(of: paused)
            await #expect(throws: StoreError.fenced(code: "KXPT")) {
                try await paused.append(code: "KXPT", fence: fence, entries: [[3]])
            }

            let taken = try await bob.takeOver(code: "KXPT")
            #expect(taken != fence)
            #expect(try await bob.journal(code: "KXPT").map(\.bytes) == [[1], [2]])
            try await bob.append(code: "KXPT", fence: taken, entries: [[3]])

            // Back with a new lease, under its old fence: still refused, and nothing it does reaches the table.
            try await paused.register(url: "ws://127.0.0.1:9000")
            await #expect(throws: StoreError.fenced(code: "KXPT")) {
                try await paused.append(code: "KXPT", fence: fence, entries: [[99]])
            }
            await #expect(throws: StoreError.fenced(code: "KXPT")) {
                try await paused.trim(code: "KXPT", fence: fence, before: 10)
            }
            await #expect(throws: StoreError.fenced(code: "KXPT")) {
                try await paused.publish(
                    ClusterListing(
                        code: "KXPT", hostName: "x", players: 0, seatsFree: 0, roundUnderWay: false, solo: false))
            }
            await #expect(throws: StoreError.fenced(code: "KXPT")) { try await paused.remove(code: "KXPT") }
            await #expect(throws: StoreError.notOrphaned(code: "KXPT")) { _ = try await paused.takeOver(code: "KXPT") }
            #expect(try await bob.journal(code: "KXPT").map(\.bytes) == [[1], [2], [3]])
            #expect(try await bob.locate(code: "KXPT") == .node(url: "ws://127.0.0.1:9001"))
        }
    }

    @Test func anAppendWaitingBehindATakeoverIsRefused() async throws {
        try await withClusters(leases: [Self.long, Self.long]) { clusters in
            let (paused, bob) = (clusters[0], clusters[1])
            try await paused.register(url: "ws://127.0.0.1:9000")
            try await bob.register(url: "ws://127.0.0.1:9001")
            let fence = try await paused.claim(code: "KXPT")
            // The table's row is locked, as by a takeover under way; the renewed owner's append waits for it.
            try await TestPostgres.withConnection(to: paused.address) { connection in
                let logger = TestPostgres.logger
                try await connection.query("BEGIN", logger: logger)
                try await connection.query("SELECT * FROM snap_table WHERE code = 'KXPT' FOR UPDATE", logger: logger)
                let append = Task { try await paused.append(code: "KXPT", fence: fence, entries: [[1]]) }
                // Until PostgreSQL says the append waits behind the lock; then what a takeover writes, by hand.
                let waiting = try await Patience.wait {
                    try await TestPostgres.withConnection(to: paused.address) { observer in
                        let rows = try await observer.query(
                            """
                            SELECT count(*)::int FROM pg_stat_activity
                            WHERE datname = current_database() AND wait_event_type = 'Lock'
                            """, logger: logger)
                        for try await count in rows.decode(Int.self) { return count > 0 }
                        return false
                    }
                }
                #expect(waiting, "the append never waited for the locked row")
                try await connection.query(
                    """
                    UPDATE snap_table SET owner_term = \(bob.node!.term), fence = nextval('snap_table_fence')
                    WHERE code = 'KXPT'
                    """, logger: logger)
                try await connection.query("COMMIT", logger: logger)
                await #expect(throws: StoreError.fenced(code: "KXPT")) { try await append.value }
            }
            #expect(try await bob.journal(code: "KXPT").isEmpty)
        }
    }

    @Test func aCallThatGetsNoAnswerFailsAtItsDeadline() async throws {
        try await TestPostgres.withDatabase { address in
            // Set up with the usual deadline (a busy machine may be slow), then act as the same node with a short
            // deadline for its calls alone: its pool connects with the usual one, as opening does.
            let setup = try await PostgresCluster.open(address, lease: Self.long, timeout: TestPostgres.timeout)
            let registered = try await setup.register(url: "ws://127.0.0.1:9000")
            let fence = try await setup.claim(code: "KXPT")
            await setup.close()
            let node = PostgresCluster(
                address: address, leaseLength: Self.long,
                client: address.client(timeout: TestPostgres.timeout, logger: TestPostgres.logger),
                logger: TestPostgres.logger, timeout: .seconds(1))
            node.registration.withLock { $0 = registered }
            try await TestPostgres.withConnection(to: address) { connection in
                try await connection.query("BEGIN", logger: TestPostgres.logger)
                try await connection.query(
                    "LOCK TABLE snap_table IN ACCESS EXCLUSIVE MODE", logger: TestPostgres.logger)
                let silent = StoreError.unreachable(
                    location: address.description, reason: "no answer within 1.0 seconds")
                await #expect(throws: silent) {
                    try await node.append(code: "KXPT", fence: fence, entries: [[1]])
                }
                try await connection.query("ROLLBACK", logger: TestPostgres.logger)
            }
            await node.close()
        }
    }

    @Test func aDatabaseFromAnotherSchemaVersionIsUpgradedOrRefused() async throws {
        try await TestPostgres.withDatabase { address in
            // A history database from before the cluster: upgraded, its rounds kept. Its round written as that
            // Snap! wrote it (no head starts yet).
            let old = try await PostgresGameStore.open(
                address, logger: TestPostgres.logger, timeout: TestPostgres.timeout, migratingUpTo: 2)
            await old.close()
            let id = try await TestPostgres.withConnection(to: address) { connection in
                let id = try await connection.query(
                    """
                    INSERT INTO snap_round (table_code, round_number, started_at, ended_at, winner, winner_key, seed,
                        round_seconds, turn_seconds, action_count, log)
                    VALUES ('KXPT', 1, now(), now(), 'Ann', 'ann', 1, 300, 8, 3, '\\x010203') RETURNING id
                    """, logger: TestPostgres.logger
                ).collect().first!.decode(Int64.self)
                try await connection.query(
                    "INSERT INTO snap_round_player VALUES (\(id), 0, 'Ann', 'ann', false, NULL, 52)", logger: TestPostgres.logger)
                return id
            }
            let node = try await PostgresCluster.open(address, lease: Self.long, timeout: TestPostgres.timeout)
            try await node.register(url: "ws://127.0.0.1:9000")
            let store = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            #expect(try await store.round(id: id)?.winner == "Ann")
            await store.close()

            // A newer Snap! upgraded it: a running node hears of it when it renews, a starting one is refused.
            try await TestPostgres.withConnection(to: address) { connection in
                try await connection.query("UPDATE snap_schema SET version = 99", logger: TestPostgres.logger)
            }
            let supported = PostgresSchema.migrations.count
            let newer = StoreError.newerSchema(location: address.description, found: 99, supported: supported)
            await #expect(throws: newer) { try await node.renew() }
            await node.close()
            await #expect(throws: newer) { _ = try await PostgresCluster.open(address, timeout: TestPostgres.timeout) }
        }
    }

    @Test func aServerThatIsNotThereIsUnreachable() async throws {
        var address = try TestPostgres.address()
        address.host = "127.0.0.1"
        address.port = try PostgresGameStoreTests.closedPort()
        await #expect {
            _ = try await PostgresCluster.open(address, timeout: TestPostgres.timeout)
        } throws: { error in
            guard case .unreachable(_, let reason) = error as? StoreError else { return false }
            return reason == "connection refused"
        }
    }

    // MARK: - Helpers

    /// Runs `body` with one cluster value per lease, all on one new database, closed afterwards.
    func withClusters(leases: [Duration], _ body: ([PostgresCluster]) async throws -> Void) async throws {
        try await TestPostgres.withDatabase { address in
            var clusters: [PostgresCluster] = []
            for lease in leases { clusters.append(try await PostgresCluster.open(address, lease: lease, timeout: TestPostgres.timeout)) }
            do {
                try await body(clusters)
            } catch {
                for cluster in clusters { await cluster.close() }
                throw error
            }
            for cluster in clusters { await cluster.close() }
        }
    }

    /// Makes `node`'s lease have run out, as if it had not renewed it in time.
    static func endLease(of node: PostgresCluster) async throws {
        let term = try #require(node.node).term
        try await TestPostgres.withConnection(to: node.address) { connection in
            try await connection.query(
                "UPDATE snap_node SET lease_until = now() - interval '1 millisecond' WHERE term = \(term)",
                logger: TestPostgres.logger)
        }
    }

    /// Runs `body` with two nodes registered with long leases.
    func withNodes(_ body: (PostgresCluster, PostgresCluster) async throws -> Void) async throws {
        try await withClusters(leases: [Self.long, Self.long]) { clusters in
            for (index, cluster) in clusters.enumerated() {
                try await cluster.register(url: "ws://127.0.0.1:\(9001 + index)")
            }
            try await body(clusters[0], clusters[1])
        }
    }
}
