import Foundation
import SnapTestSupport
import Testing

/// `snap-bench failover`, small: two nodes of a real cluster in processes of their own on a PostgreSQL database of
/// the test's own, node 1 killed under two tables. Its counts are checked, never its timings.
@Suite(.serialized, .timeLimit(.minutes(8)))
struct FailoverBenchCommandTests {
    @Test(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
    func everyTableResumesWithEveryPlayerAndAllItsCardsAndNothingSeenIsLost() async throws {
        try await TestPostgres.withDatabase { address in
            let result = try await SnapBinary.bench(
                [
                    "failover", "--db", try ServeClusterTests.url(of: address), "--nodes", "2", "--tables",
                    "2",
                    "--lease", "2", "--joins", "3", "--json",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            let report = try result.jsonObject()
            #expect(report["tables_resumed"] as? Int == 2)
            #expect(report["clients"] as? Int == 4)
            #expect(report["clients_back"] as? Int == 4)
            #expect(report["tables_with_52_cards"] as? Int == 2)
            #expect(report["actions_lost"] as? Int == 0)
            // Every table had turned cards in its round before the kill, so there was something to lose.
            #expect((report["cards_seen_before_kill"] as? Int ?? 0) >= 10)
            let joins = try #require(report["joins"] as? [String: Any])
            #expect(joins["count"] as? Int == 3)
            let tables = try #require(report["tables"] as? [[String: Any]])
            #expect(tables.count == 2)
            for table in tables {
                #expect(table["lost"] as? Int == 0)
                #expect(table["failover_ms"] is Double)
                #expect(table["cards"] as? Int == 52)
            }
        }
    }

    @Test func aDatabaseThatIsNotPostgreSQLIsRefusedInOneLine() async throws {
        let result = try await SnapBinary.bench(["failover", "--db", ":memory:"])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --db must be a PostgreSQL database, as in postgres://user:password@127.0.0.1:5432/snap: the nodes of a cluster share one.",
            "\(result.stderr)")
    }

    @Test func oneNodeIsRefused() async throws {
        let result = try await SnapBinary.bench([
            "failover", "--db", "postgres://snap@127.0.0.1:1/snap", "--nodes", "1",
        ])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --nodes must be between 2 and 8; got 1.", "\(result.stderr)")
    }
}
