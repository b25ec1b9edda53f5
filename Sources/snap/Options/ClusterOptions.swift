import ArgumentParser
import Logging
import SnapProtocol
import SnapStore

/// `--node-url`: makes the server a node of a cluster of servers sharing one PostgreSQL `--db`.
struct ClusterOptions: ParsableArguments {
    @Option(
        name: .customLong("node-url"),
        help: ArgumentHelp(
            "Join the cluster of servers sharing the PostgreSQL --db as a node that players reach at this WebSocket address, e.g. ws://10.0.0.7:8080/ws.",
            discussion: "Every node lists every node's tables, and sends players to the node their table is on.",
            valueName: "URL"))
    var nodeURL: String?

    @Option(
        help: ArgumentHelp(
            "Seconds a node's lease in the cluster lasts (1–60, default 5; only with --node-url).",
            discussion: "A node renews its lease every third of it; when a node dies, the other nodes take its tables over once its lease has run out, so a shorter lease moves them sooner, at the price of more renewals.",
            valueName: "SECONDS"))
    var lease: Int?

    /// How long this node's lease lasts: `--lease`, or 5 seconds.
    var leaseLength: Duration { .seconds(lease ?? 5) }

    /// Checks `--node-url`, with the `--db` it needs, and `--lease`.
    func validate(db: String?) throws {
        if let lease {
            guard nodeURL != nil else {
                throw ValidationError("--lease is a cluster node's lease: pass it with --node-url (and a PostgreSQL --db).")
            }
            guard (1...60).contains(lease) else {
                throw ValidationError("--lease must be between 1 and 60 seconds; got \(lease).")
            }
        }
        guard let nodeURL else { return }
        guard NodeURL.isValid(nodeURL) else {
            throw ValidationError(
                "--node-url \(nodeURL) is not a node's WebSocket address: pass where players reach this node, as in ws://10.0.0.7:8080/ws.")
        }
        guard let db, case .postgres? = try? StoreLocation(db) else {
            throw ValidationError(
                "--node-url needs a PostgreSQL --db (postgres://user@host/database): the nodes of a cluster share one database.")
        }
    }

    /// Opens the cluster's directory and registers this node (nil without `--node-url`).
    ///
    /// - Throws: ``ClusterFailure`` with one line naming the problem (the URL is held by a live node, the
    ///   database is from a newer Snap!, the server does not answer…).
    func join(db: String?, timeout: Duration, logger: Logger) async throws -> (any ClusterDatabase)? {
        guard let nodeURL, let db, case .postgres(let address)? = try? StoreLocation(db) else { return nil }
        do throws(StoreError) {
            guard let postgres = PostgreSQLBuild.connector else { throw .noPostgreSQL(location: address.description) }
            let cluster = try await postgres.openCluster(address, lease: leaseLength, logger: logger, timeout: timeout)
            do throws(StoreError) {
                try await cluster.register(url: nodeURL)
            } catch {
                await cluster.close()
                throw error
            }
            return cluster
        } catch {
            throw ClusterFailure(error: error)
        }
    }
}

/// A cluster that could not be joined at start: printed as one line, and the command exits.
struct ClusterFailure: Error, CustomStringConvertible {
    let error: StoreError

    var description: String { "Cannot join the cluster: \(error.description)" }
}
