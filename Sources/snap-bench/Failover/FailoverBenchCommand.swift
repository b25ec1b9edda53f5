import ArgumentParser
import Foundation
import SnapBench
import SnapStore

/// `snap-bench failover`: kill a node of a cluster under its tables, and measure how long until they play again
/// elsewhere, whether every player got back, and whether anything a player saw was missing from the journal.
struct FailoverBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "failover",
        abstract: "Kill a node of a cluster mid-round and measure how its tables fail over to the other nodes.",
        discussion: """
            Starts --nodes `snap serve` nodes in processes of their own, all on the PostgreSQL --db, with \
            --lease; seats two bots at each of --tables tables on node 1 (each bot given the other nodes as \
            fallbacks) and times --joins joins through node 2 to those tables (connect to seated, the Redirect \
            between). Once every table's round is under way, node 1 is killed with SIGKILL and every table's \
            journal read at once. Reports the failover time (from the kill to a card turned at the table again), \
            the tables that resumed, the players back at their seats, the cards at each table, and the cards the \
            players had seen turned that were missing from the journal (actions lost). Exits with 1 and one line \
            saying why when a table did not resume, a player did not get back, an action was lost, or a table \
            did not have 52 cards. Build with -c release for figures worth quoting.
            """
    )

    @Option(
        name: .customLong("db"),
        help: "The PostgreSQL database the nodes share: postgres://user:password@host:port/database.")
    var db: String

    @Option(help: "How many nodes to start (2 to 8); node 1 is the one killed.")
    var nodes = 3

    @Option(help: "How many tables of two bots on node 1 (1 to 200).")
    var tables = 10

    @Option(help: "The nodes' lease in seconds (1 to 60): a dead node's tables move once it has run out.")
    var lease = 2

    @Option(help: "How many joins through node 2 to time (1 to 1000).")
    var joins = 20

    @Option(help: "Seed for the nodes' codes and shuffles and the bots' pace.")
    var seed: UInt64 = 1

    @Flag(help: "Print one JSON object on stdout instead of a table.")
    var json = false

    func validate() throws {
        guard case .postgres? = try? StoreLocation(db) else {
            throw ValidationError(
                "--db must be a PostgreSQL database, as in postgres://user:password@127.0.0.1:5432/snap: the nodes of a cluster share one."
            )
        }
        guard (2...8).contains(nodes) else { throw ValidationError("--nodes must be between 2 and 8; got \(nodes).") }
        guard (1...200).contains(tables) else {
            throw ValidationError("--tables must be between 1 and 200; got \(tables).")
        }
        guard (1...60).contains(lease) else {
            throw ValidationError("--lease must be between 1 and 60 seconds; got \(lease).")
        }
        guard (1...1_000).contains(joins) else {
            throw ValidationError("--joins must be between 1 and 1000; got \(joins).")
        }
    }

    func run() async throws {
        var settings = FailoverSettings(database: db)
        settings.nodes = nodes
        settings.tables = tables
        settings.lease = lease
        settings.joins = joins
        settings.seed = seed
        let report = try await FailoverRun(
            settings: settings, executable: try BenchExecutables.current.snap(), progress: ProgressLine.show
        ).run()
        ProgressLine.end()
        print(json ? try reportJSON(report) : FailoverReportTable.render(report))
        if let failure = report.failure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode(1)
        }
    }
}
