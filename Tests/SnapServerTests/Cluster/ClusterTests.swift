import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapPostgres
import SnapStore
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// Nodes of a cluster for real: two or three servers on loopback ports in one process, sharing a PostgreSQL
/// database of their own (``PostgresCluster``). Everything another node learns is waited for, never timed. One
/// test at a time: each runs several nodes, and beside the rest of the suite they would crowd a shared machine.
@Suite(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)), .serialized, .timeLimit(.minutes(2)))
struct ClusterTests {
    /// A server that is a node of the cluster in `address`'s database, and its directory.
    struct Node {
        let server: TestServer
        let cluster: PostgresCluster

        var url: String { server.url }

        /// Registers a node on a free port and starts it. Every node has the same seed unless told otherwise: their
        /// codes are drawn in the same order, so only the cluster keeps them apart.
        /// A node that a test cuts off behind a proxy may be given a shorter `silenceLimit`: a proxy's close does
        /// not always reach the node at once, and the node must then notice its players' silence.
        ///
        /// Its lease is 10 s, renewed every 3⅓ s: tests that need it to run out say so (``expireLease(of:in:)``).
        /// A 3 s lease once ran out by itself in a CI run, the renewal held up on a machine running the whole
        /// suite, and the node let its only table go in the middle of a round.
        static func start(
            in address: PostgresAddress, seed: UInt64 = 1, silenceLimit: Duration? = nil,
            configure: (inout SnapServerConfiguration) -> Void = { _ in }
        ) async throws -> Node {
            let port = try LoopbackPort.free()
            let cluster = try await PostgresCluster.open(address, lease: .seconds(10), timeout: TestPostgres.timeout)
            try await cluster.register(url: "ws://127.0.0.1:\(port)/ws")
            let server = try await TestServer.start(grace: .seconds(60), seed: seed, cluster: cluster) {
                $0.port = port
                if let silenceLimit { $0.silenceLimit = silenceLimit }
                configure(&$0)
            }
            return Node(server: server, cluster: cluster)
        }

        func stop() async {
            await server.stop()
            await cluster.close()
        }

        /// The codes `/api/tables` lists.
        func listedCodes() async throws -> [String] {
            let (status, body) = try await server.get("/api/tables")
            #expect(status == 200)
            let tables = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
            return tables.compactMap { $0["code"] as? String }
        }
    }

    /// Ends `node`'s lease in the database, as if it had been paused or cut off past it.
    static func expireLease(of node: Node, in address: PostgresAddress) async throws {
        let term = try #require(node.cluster.node?.term)
        try await TestPostgres.withConnection(to: address) { connection in
            try await connection.query(
                "UPDATE snap_node SET lease_until = now() - interval '1 second' WHERE term = \(term)",
                logger: TestPostgres.logger)
        }
    }

    /// Ann hosts a table on `node`; returns her and its code.
    static func host(on node: Node) async throws -> (TestPlayer, String) {
        let ann = try await TestPlayer.connect(node.server, name: "Ann")
        await ann.client.hostTable()
        let (code, _) = try await ann.joined()
        return (ann, code)
    }

    /// Asks `condition` again and again until it holds (the cluster's changes take a moment to arrive).
    static func eventually(
        _ description: String, _ condition: () async throws -> Bool
    ) async throws {
        for _ in 0..<400 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("never: \(description)")
        throw TimedOut(what: description)
    }

    @Test func nodesWithTheSameSeedNeverGiveTwoTablesOneCode() async throws {
        try await TestPostgres.withDatabase { address in
            let nodes = [try await Node.start(in: address), try await Node.start(in: address), try await Node.start(in: address)]
            var codes: [String] = []
            for node in nodes {
                for _ in 0..<2 { codes.append(try await Self.host(on: node).1) }
            }
            #expect(Set(codes).count == codes.count, "\(codes)")
            for node in nodes { await node.stop() }
        }
    }

    @Test func aTableOnOneNodeIsListedByTheOthersAndLeavesTheListWhenItsNodeStops() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let (_, code) = try await Self.host(on: a)
            try await Self.eventually("A's table listed at B") { try await b.listedCodes().contains(code) }
            // The lobby's list is the same one: a client at B asking for tables hears of it.
            let bob = try await TestPlayer.connect(b.server, name: "Bob")
            await bob.client.listTables()
            try await waitFor("B's list", on: bob.log) {
                if case .tables(let tables) = $0 { tables.contains { $0.code == code && $0.players == 1 } } else { false }
            }
            // A's own list has it once, with A's own figures.
            #expect(try await a.listedCodes() == [code])
            await a.stop()
            try await Self.eventually("A's table gone from B's list") { try await !b.listedCodes().contains(code) }
            #expect(try await b.cluster.locate(code: code) == nil)
            await b.stop()
        }
    }

    @Test func aClientJoiningOrWatchingThroughAnotherNodeIsSentToTheTablesNode() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let (ann, code) = try await Self.host(on: a)
            let bob = try await TestPlayer.connect(b.server, name: "Bob")
            #expect(try await bob.client.sitDown(at: code) == .top)
            #expect(await bob.log.contains { if case .redirected(code, a.url) = $0 { true } else { false } })
            try await waitFor("Bob at Ann's table", on: ann.log) { ($0.view?.seats.compactMap { $0 }.count ?? 0) == 2 }
            #expect(await a.server.table(code)?.view(for: await bob.client.id!)?.viewer == .top)
            #expect(await b.server.table(code) == nil)
            // A watcher is sent there too.
            let eve = try await TestPlayer.connect(b.server, name: "Eve")
            try await eve.client.watch(code: code)
            try await waitFor("Eve's snapshot", on: eve.log) { if case .snapshot(let view) = $0 { view.viewer == nil } else { false } }
            #expect(await eve.log.contains { if case .redirected(code, a.url) = $0 { true } else { false } })
            try await waitFor("one watching", on: ann.log) { if case .watchers(1) = $0 { true } else { false } }
            await a.stop()
            await b.stop()
        }
    }

    @Test func aPrivateTableLeavesEveryNodesListButItsCodeStillWorksThroughAnyNode() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let (ann, code) = try await Self.host(on: a)
            try await Self.eventually("A's table listed at B") { try await b.listedCodes().contains(code) }
            await ann.client.setTableAccess(isLocked: false, isPrivate: true)
            try await Self.eventually("the private table gone from B's list") { try await !b.listedCodes().contains(code) }
            #expect(try await a.listedCodes().isEmpty)
            let bob = try await TestPlayer.connect(b.server, name: "Bob")
            #expect(try await bob.client.sitDown(at: code) == .top)
            #expect(await bob.log.contains { if case .redirected(code, a.url) = $0 { true } else { false } })
            #expect(try await b.listedCodes().isEmpty)
            await a.stop()
            await b.stop()
        }
    }

    @Test func aReconnectTokenWorksThroughAnyNode() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let (ann, code) = try await Self.host(on: a)
            let bob = try await RawSocket.signIn("Bob", on: a.server)
            await bob.socket.send(.joinTable(code: code))
            try await bob.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
            await bob.socket.close()
            try await waitFor("Bob's drop", on: ann.log) { if case .playerConnection(.top, false) = $0 { true } else { false } }
            // The token is kept in the directory beside the seat (in the background): B finds it there.
            try await Self.eventually("Bob's token in the directory") {
                try await b.cluster.locate(token: bob.token) == code
            }
            let atB = try await RawSocket.connect(b.server)
            await atB.send(.hello(version: Wire.version))
            await atB.send(.reconnect(token: bob.token))
            #expect(try await atB.waitFor("the redirect") { if case .redirect = $0 { true } else { false } }
                == .redirect(url: a.url, code: code))
            await a.stop()
            await b.stop()
        }
    }

    @Test func apiNodesListsTheLiveNodesAndASingleServerNone() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let b = try await Node.start(in: address)
            let (status, body) = try await b.server.get("/api/nodes")
            #expect(status == 200)
            let nodes = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
            #expect(Set(nodes.compactMap { $0["url"] as? String }) == [a.url, b.url])
            #expect(nodes.allSatisfy { $0["term"] is Int && $0["joined"] is String && $0["lease_until"] is String })
            await a.stop()
            try await Self.eventually("A gone from /api/nodes") {
                try await b.server.get("/api/nodes").body.contains(a.url) == false
            }
            await b.stop()
            let single = try await TestServer.start()
            #expect(try await single.get("/api/nodes") == (200, "[]"))
            await single.stop()
        }
    }

    @Test func aNodeThatLosesItsLeaseLetsItsTablesGoRegistersAgainAndTakesThemBack() async throws {
        try await TestPostgres.withDatabase { address in
            let a = try await Node.start(in: address)
            let (ann, code) = try await Self.host(on: a)
            let table = try #require(await a.server.table(code))
            let term = try #require(a.cluster.node?.term)
            // As if A had been paused past its lease.
            try await Self.expireLease(of: a, in: address)
            try await Self.eventually("A registered again") {
                try await a.cluster.liveNodes().contains { $0.url == a.url && $0.term != term }
            }
            // The only live node, A takes its own table over from the journal, as a new table of its new term,
            // and Ann's client, dropped when A let the table go, finds it there.
            try await waitFor("Ann back", on: ann.log) { if case .reconnected = $0 { true } else { false } }
            let taken = try #require(await a.server.table(code))
            #expect(taken !== table)
            #expect(await ann.log.contains { if case .serverQuit = $0 { true } else { false } } == false)
            if case .node(let url)? = try await a.cluster.locate(code: code) { #expect(url == a.url) } else {
                Issue.record("the table is not A's")
            }
            await a.stop()
        }
    }
}
