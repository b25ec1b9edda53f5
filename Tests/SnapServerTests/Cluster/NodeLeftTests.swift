@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapStore
import SnapTestSupport
import Testing
@testable import SnapServer
import SnapServerTestSupport

/// A node that has left its cluster (as it does when it shuts down) while a table of its still has steps to write:
/// the table stops journaling instead of trying again every tenth of a second for as long as the process lives.
@Suite(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)), .timeLimit(.minutes(2)))
struct NodeLeftTests {
    @Test func aTableWhoseNodeLeftTheClusterStopsWritingItsJournal() async throws {
        try await TestPostgres.withDatabase { address in
            let node = try await ClusterTests.Node.start(in: address)
            let ann = try await TestPlayer.connect(node.server, name: "Ann")
            await ann.client.hostTable()
            let (code, _) = try await ann.joined()
            let table = try #require(await node.server.table(code))
            _ = try await TakeoverTests.written(table)

            try await node.cluster.leave()
            // A step after the node left: its entry can never be written.
            await ann.client.addComputer()
            try await ClusterTests.eventually("the table gives up its journal") { await !table.keepsJournal }
            #expect(await table.journalIsWritten)
            await ann.client.disconnect()
            await node.stop()
        }
    }
}
