import Foundation
import SnapPostgres
import SnapStore
import SnapTestSupport
import Testing

/// `snap serve --node-url …` with settings it cannot use: one line saying what is wrong, and no server.
@Suite(.timeLimit(.minutes(5)))
struct ServeClusterTests {
    @Test(arguments: ["10.0.0.7:8080", "http://10.0.0.7:8080/ws", "ws://", "ws://:8080/ws", "ws://host name/ws"])
    func aMalformedNodeURLIsRefusedWithAnExample(url: String) async throws {
        let result = try await SnapBinary.run(["serve", "--db", "postgres://snap@127.0.0.1:1/snap", "--node-url", url])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --node-url \(url) is not a node's WebSocket address: pass where players reach this node, as in ws://10.0.0.7:8080/ws.",
            "\(result.stderr)")
        #expect(!result.stdout.contains("Snap! server running"))
    }

    @Test(arguments: [[], ["--db", ":memory:"], ["--db", "none"], ["--db", "rounds.sqlite"]])
    func aNodeURLNeedsAPostgreSQLDatabase(db: [String]) async throws {
        let result = try await SnapBinary.run(["serve", "--port", "0", "--node-url", "ws://127.0.0.1:8001/ws"] + db)
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --node-url needs a PostgreSQL --db (postgres://user@host/database): the nodes of a cluster share one database.",
            "\(result.stderr)")
    }

    @Test
    func aLeaseNeedsANodeURL() async throws {
        let result = try await SnapBinary.run(["serve", "--port", "0", "--db", "postgres://snap@127.0.0.1:1/snap", "--lease", "2"])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --lease is a cluster node's lease: pass it with --node-url (and a PostgreSQL --db).",
            "\(result.stderr)")
    }

    @Test(arguments: ["0", "61", "-3"])
    func aLeaseOutsideOneToSixtySecondsIsRefused(lease: String) async throws {
        let result = try await SnapBinary.run(
            [
                "serve", "--port", "0", "--db", "postgres://snap@127.0.0.1:1/snap", "--node-url", "ws://127.0.0.1:8001/ws",
                "--lease=\(lease)",
            ])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --lease must be between 1 and 60 seconds; got \(lease).",
            "\(result.stderr)")
    }

    // It holds a turn for its programs before it registers: the held lease (60 s) must not run out while `snap serve`
    // waits for a turn of its own, else the server takes the URL over and serves.
    @Test(.startsPrograms, .enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
    func aURLHeldByALiveNodeIsRefused() async throws {
        try await TestPostgres.withDatabase { address in
            let url = "ws://127.0.0.1:\(try LoopbackPort.free())/ws"
            let cluster = try await PostgresCluster.open(address, lease: .seconds(60), timeout: TestPostgres.timeout)
            try await cluster.register(url: url)
            let result = try await SnapBinary.run([
                "serve", "--host", "127.0.0.1", "--port", "0", "--db", try Self.url(of: address), "--db-timeout", "30", "--node-url", url,
            ])
            #expect(result.status != 0)
            #expect(
                result.stderr == "Error: Cannot join the cluster: --node-url \(url) is held by a live node of the cluster. Pass another, or wait for that node's lease to run out.\n",
                "\(result.stderr)")
            #expect(!result.stdout.contains("Snap! server running"))
            try await cluster.leave()
            await cluster.close()
        }
    }

    @Test(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
    func aDatabaseOfANewerSnapIsRefused() async throws {
        try await TestPostgres.withDatabase { address in
            let cluster = try await PostgresCluster.open(address, timeout: TestPostgres.timeout)
            await cluster.close()
            try await TestPostgres.withConnection(to: address) { connection in
                try await connection.query("INSERT INTO snap_schema (version) VALUES (99)", logger: TestPostgres.logger)
            }
            let result = try await SnapBinary.run([
                "serve", "--host", "127.0.0.1", "--port", "0", "--db", try Self.url(of: address), "--db-timeout", "30",
                "--node-url", "ws://127.0.0.1:8001/ws",
            ])
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("was written by a newer Snap! (schema 99;"), "\(result.stderr)")
        }
    }

    @Test(.startsPrograms, .enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
    func aNodeJoinsListsItselfAndLeavesWhenStopped() async throws {
        try await TestPostgres.withDatabase { address in
            let port = try LoopbackPort.free()
            let url = "ws://127.0.0.1:\(port)/ws"
            let server = try await SnapBinary.startBackground(
                ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--db", try Self.url(of: address), "--db-timeout", "30", "--node-url", url],
                until: "A node of the cluster")
            #expect(server.banner.contains("A node of the cluster in \(address.description), reached at \(url)"), "\(server.banner)")
            let nodes = try await CrashRecoveryTests.get("http://127.0.0.1:\(port)/api/nodes")
            let listed = try JSONSerialization.jsonObject(with: nodes) as? [[String: Any]] ?? []
            #expect(listed.compactMap { $0["url"] as? String } == [url], "\(String(decoding: nodes, as: UTF8.self))")
            // Stopped as Ctrl-C or a service manager would: it leaves the cluster at once, not when its lease runs out.
            await server.stopped()
            let cluster = try await PostgresCluster.open(address, timeout: TestPostgres.timeout)
            #expect(try await cluster.liveNodes().isEmpty)
            await cluster.close()
        }
    }

    /// The address as `--db` takes it, with the test server's password.
    static func url(of address: PostgresAddress) throws -> String {
        let password = address.password.map { ":\($0)" } ?? ""
        return "postgres://\(address.user)\(password)@\(address.host):\(address.port)/\(address.database)"
    }
}
