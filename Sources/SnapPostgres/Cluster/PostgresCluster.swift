import Foundation
import Logging
import PostgresNIO
import SnapStore
import Synchronization

/// The directory that `snap serve` nodes sharing one PostgreSQL database keep together: the nodes and their
/// leases, every table (its code, owner and fence, its listing), the reconnect tokens, and each table's journal.
///
/// One value per node: ``register(url:)`` gives the node its lease and term, and the calls that act for the
/// node's tables (``claim(code:)``, ``publish(_:)``, ``append(code:fence:entries:)``, ``takeOver(code:)``…)
/// act as that registration. The lease is the database's: its clock decides when a lease ran out, so nodes'
/// clocks need not agree. Every call has a deadline (the `timeout` given to ``open(_:lease:logger:timeout:)``);
/// a server that does not answer is ``StoreError/unreachable(location:reason:)``, never a hang.
///
/// Fencing: a write for a table (its journal, its listing, its removal) checks in the same statement that the
/// table is still this node's, with the fence it was given, and that this node's lease has not run out; a node
/// paused past its lease writes nothing after it wakes (``StoreError/fenced(code:)``).
public final class PostgresCluster: ClusterDatabase {
    /// Where the server is (its password is never shown).
    public let address: PostgresAddress
    /// How long a lease lasts from its last renewal.
    public let leaseLength: Duration
    let client: PostgresClient
    let logger: Logger
    let timeout: Duration
    private let runner: PostgresClientRunner
    /// Internal, not private: a test acts as a registered node with a short deadline.
    let registration = Mutex<ClusterNode?>(nil)

    /// The server and database, without the password.
    public var location: String { address.description }

    /// This node's registration, nil before ``register(url:)`` and after ``leave()``.
    public var node: ClusterNode? { registration.withLock { $0 } }

    /// Internal, not private: a test makes a node whose calls have a short deadline on a pool that connects with the
    /// usual one, so that only the call it holds up fails.
    init(
        address: PostgresAddress, leaseLength: Duration, client: PostgresClient, logger: Logger, timeout: Duration
    ) {
        self.address = address
        self.leaseLength = leaseLength
        self.client = client
        self.logger = logger
        self.timeout = timeout
        runner = PostgresClientRunner(client)
    }

    /// Connects to the server at `address`, creating or upgrading the schema (the same one as
    /// ``PostgresGameStore``'s, with which it can share a database).
    ///
    /// - Parameters:
    ///   - lease: How long a node's lease lasts from its last renewal: renew well within it (a third, say).
    ///   - timeout: How long opening, and later each call, may take before the server counts as unreachable.
    /// - Throws: ``StoreError/unreachable(location:reason:)``, ``StoreError/newerSchema(location:found:supported:)``
    ///   (nothing changed), or ``StoreError/failed(_:)``.
    public static func open(
        _ address: PostgresAddress, lease: Duration = .seconds(5), logger: Logger = Logger(label: "snap.cluster"),
        timeout: Duration = .seconds(5)
    ) async throws(StoreError) -> PostgresCluster {
        try await address.withConnection(timeout: timeout, logger: logger) { connection in
            try await PostgresSchema.migrate(connection, location: address.description, logger: logger)
        }
        let cluster = PostgresCluster(
            address: address, leaseLength: lease, client: address.client(timeout: timeout, logger: logger),
            logger: logger, timeout: timeout)
        await cluster.runner.started()
        return cluster
    }

    /// Closes the pool's connections; a registration is left to run out (call ``leave()`` first to end it now).
    public func close() async {
        await runner.stop()
    }

    // MARK: - Nodes

    /// Registers this node at `url` with a new lease and a new term; a URL whose previous holder's lease ran out
    /// is taken over (its tables are orphaned: they belong to the old term).
    ///
    /// - Throws: ``StoreError/badNodeURL(_:reason:)``, or ``StoreError/nodeURLInUse(url:)`` when a live node
    ///   (this one included, when registered) holds `url`.
    @discardableResult
    public func register(url: String) async throws(StoreError) -> ClusterNode {
        try Self.checkNodeURL(url)
        let lease = leaseSeconds
        let node = try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    INSERT INTO snap_node (url, term, joined_at, lease_until)
                    VALUES (\(url), nextval('snap_node_term'), now(), now() + make_interval(secs => \(lease)))
                    ON CONFLICT (url) DO UPDATE
                        SET term = EXCLUDED.term, joined_at = EXCLUDED.joined_at, lease_until = EXCLUDED.lease_until
                        WHERE snap_node.lease_until <= now()
                    RETURNING \(unescaped: Self.nodeColumns)
                    """, logger: logger
                ).collect().first.map { Self.node(try $0.decode(NodeColumns.self)) }
            }
        }
        guard let node else { throw .nodeURLInUse(url: url) }
        registration.withLock { $0 = node }
        return node
    }

    /// Extends this node's lease by ``leaseLength`` from now.
    ///
    /// - Throws: ``StoreError/leaseLost(url:)`` when the lease ran out before (register again: with a new term,
    ///   owning nothing), ``StoreError/notRegistered``, or ``StoreError/newerSchema(location:found:supported:)``
    ///   when a newer Snap! upgraded the database meanwhile (the lease was renewed; stop this node).
    @discardableResult
    public func renew() async throws(StoreError) -> ClusterNode {
        let current = try registered()
        let lease = leaseSeconds
        let renewed = try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    UPDATE snap_node SET lease_until = now() + make_interval(secs => \(lease))
                    WHERE term = \(current.term) AND lease_until > now()
                    RETURNING \(unescaped: Self.nodeColumns), (SELECT max(version) FROM snap_schema)
                    """, logger: logger
                ).collect().first.map { try $0.decode((String, Int64, PostgresTimestamp, PostgresTimestamp, Int).self) }
            }
        }
        guard let renewed else { throw .leaseLost(url: current.url) }
        let (url, term, joined, until, version) = renewed
        let node = Self.node((url, term, joined, until))
        registration.withLock { if $0?.term == node.term { $0 = node } }
        guard version <= PostgresSchema.migrations.count else {
            throw .newerSchema(location: location, found: version, supported: PostgresSchema.migrations.count)
        }
        return node
    }

    /// Ends this node's registration at once (on a clean shutdown); the tables it still owns are orphaned, to be
    /// taken over by other nodes. Remove the tables that end with the node first.
    public func leave() async throws(StoreError) {
        guard let current = node else { return }
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                _ = try await connection.query("DELETE FROM snap_node WHERE term = \(current.term)", logger: logger)
            }
        }
        registration.withLock { if $0?.term == current.term { $0 = nil } }
    }

    /// Every node whose lease runs, by URL.
    public func liveNodes() async throws(StoreError) -> [ClusterNode] {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    "SELECT \(unescaped: Self.nodeColumns) FROM snap_node WHERE lease_until > now() ORDER BY url",
                    logger: logger
                ).collect().map { Self.node(try $0.decode(NodeColumns.self)) }
            }
        }
    }

    // MARK: - Helpers

    /// This node's registration, or ``StoreError/notRegistered``.
    func registered() throws(StoreError) -> ClusterNode {
        guard let node else { throw .notRegistered }
        return node
    }

    /// Runs `body` within the deadline; whatever goes wrong becomes a ``StoreError``.
    func perform<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withDeadline(timeout, body)
        } catch {
            throw StoreError(postgres: error, location: location, timeout: timeout)
        }
    }

    private var leaseSeconds: Double {
        Double(leaseLength.components.seconds) + Double(leaseLength.components.attoseconds) / 1e18
    }

    private typealias NodeColumns = (String, Int64, PostgresTimestamp, PostgresTimestamp)
    private static let nodeColumns = "url, term, joined_at, lease_until"

    private static func node(_ columns: NodeColumns) -> ClusterNode {
        ClusterNode(url: columns.0, term: columns.1, joinedAt: columns.2.date, leaseUntil: columns.3.date)
    }

    /// A node's URL is where players reach it: `ws://` or `wss://` (or `http(s)://`), a host, nothing else odd.
    static func checkNodeURL(_ url: String) throws(StoreError) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased() else {
            throw .badNodeURL(url, reason: "not a URL")
        }
        guard ["ws", "wss", "http", "https"].contains(scheme) else {
            throw .badNodeURL(url, reason: "the scheme must be ws:// or wss://")
        }
        guard let host = parts.host, !host.isEmpty else { throw .badNodeURL(url, reason: "it has no host") }
        guard parts.query == nil, parts.fragment == nil, parts.user == nil else {
            throw .badNodeURL(url, reason: "it may not hold a user, a query or a fragment")
        }
        if let port = parts.port, !(1...65_535).contains(port) {
            throw .badNodeURL(url, reason: "the port must be 1–65535")
        }
    }
}
