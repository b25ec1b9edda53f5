/// The directory that `snap serve` nodes sharing one database keep together: the nodes and their leases, every
/// table (its code, owner and fence, its listing), the reconnect tokens, and each table's journal. What a node of
/// a cluster needs of its database, and all it knows of it: the one implementation, over PostgreSQL, is
/// `PostgresCluster` in SnapPostgres, which `snap` links only when built with the `PostgreSQL` trait.
///
/// One value per node: ``register(url:)`` gives the node its lease and term, and the calls that act for the
/// node's tables (``claim(code:)``, ``publish(_:)``, ``append(code:fence:entries:)``, ``takeOver(code:)``…) act
/// as that registration. Every call has a deadline; a database that does not answer is
/// ``StoreError/unreachable(location:reason:)``, never a hang.
///
/// Fencing: a write for a table (its journal, its listing, its removal) checks, as one step with the write, that
/// the table is still this node's with the fence it was given and that this node's lease has not run out; a node
/// paused past its lease writes nothing after it wakes (``StoreError/fenced(code:)``).
public protocol ClusterDatabase: Sendable {
    /// Where the database is, for messages and logs (never with a password).
    var location: String { get }
    /// How long a lease lasts from its last renewal: renew well within it (a third, say).
    var leaseLength: Duration { get }
    /// This node's registration, nil before ``register(url:)`` and after ``leave()``.
    var node: ClusterNode? { get }

    /// Closes the database's connections; a registration is left to run out (call ``leave()`` first to end it now).
    func close() async

    // MARK: - Nodes

    /// Registers this node at `url` with a new lease and a new term; a URL whose previous holder's lease ran out
    /// is taken over (its tables are orphaned: they belong to the old term).
    ///
    /// - Throws: ``StoreError/badNodeURL(_:reason:)``, or ``StoreError/nodeURLInUse(url:)`` when a live node
    ///   (this one included, when registered) holds `url`.
    @discardableResult
    func register(url: String) async throws(StoreError) -> ClusterNode
    /// Extends this node's lease by ``leaseLength`` from now.
    ///
    /// - Throws: ``StoreError/leaseLost(url:)`` when the lease ran out before (register again: with a new term,
    ///   owning nothing), ``StoreError/notRegistered``, or ``StoreError/newerSchema(location:found:supported:)``
    ///   when a newer Snap! upgraded the database meanwhile (the lease was renewed; stop this node).
    @discardableResult
    func renew() async throws(StoreError) -> ClusterNode
    /// Ends this node's registration at once (on a clean shutdown); the tables it still owns are orphaned, to be
    /// taken over by other nodes. Remove the tables that end with the node first.
    func leave() async throws(StoreError)
    /// Every node whose lease runs, by URL.
    func liveNodes() async throws(StoreError) -> [ClusterNode]

    // MARK: - Tables and tokens

    /// Claims `code` for a new table of this node; returns the table's first fence.
    ///
    /// - Throws: ``StoreError/codeTaken(code:)`` when any table in the cluster has it (an orphaned one included),
    ///   ``StoreError/leaseLost(url:)``, ``StoreError/notRegistered``.
    func claim(code: String) async throws(StoreError) -> Int64
    /// Lists the table (or updates its listing) in every node's lobby.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` when the table is not this node's (or this node's lease ran out),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/notRegistered``.
    func publish(_ listing: ClusterListing) async throws(StoreError)
    /// Removes the table: its listing, its tokens and its journal; its code is free again.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` when the table is not this node's (or this node's lease ran out),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/notRegistered``.
    func remove(code: String) async throws(StoreError)
    /// Every listed table of every live node, by code.
    func listings() async throws(StoreError) -> [ClusterTable]
    /// Where the table with this code runs; nil when no table has it.
    func locate(code: String) async throws(StoreError) -> TableLocation?
    /// Keeps `token` (a player's reconnect token) as belonging to the table `code`, so any node can find it.
    ///
    /// - Throws: ``StoreError/noSuchTable(code:)``.
    func remember(token: String, at code: String) async throws(StoreError)
    /// Forgets `token` (its player left for good); nothing happens when it is not known.
    func forget(token: String) async throws(StoreError)
    /// The code of the table `token` belongs to; nil when no table has it.
    func locate(token: String) async throws(StoreError) -> String?
    /// The changes to the directory, from now on: first ``ClusterChange/current(_:)`` (every listed table, read
    /// once listening began, so no change falls between), then each change as it commits. The sequence ends by
    /// throwing a ``StoreError`` when the database stops answering (ask again: the first element brings the
    /// lobby up to date). Stop iterating to let it go.
    func changes() -> AsyncThrowingStream<ClusterChange, any Error>

    // MARK: - Journals and taking over

    /// Appends `entries` (opaque bytes) to the table's journal, in order, in one round trip; returns the position
    /// after the last one (the journal's length, trimmed entries included). Once another node took the table
    /// over, nothing more is written.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` (nothing was written), ``StoreError/noSuchTable(code:)``,
    ///   ``StoreError/notRegistered``.
    @discardableResult
    func append(code: String, fence: Int64, entries: [[UInt8]]) async throws(StoreError) -> Int64
    /// The table's journal, in order, from position `start` on.
    func journal(code: String, from start: Int64) async throws(StoreError) -> [JournalEntry]
    /// Deletes the journal's entries before `position` (those a table no longer needs, as a finished round's);
    /// returns how many went. Fenced as ``append(code:fence:entries:)`` is.
    @discardableResult
    func trim(code: String, fence: Int64, before position: Int64) async throws(StoreError) -> Int
    /// The codes of the tables whose owner's lease ran out (or who left), by code: each to be taken over.
    func orphanedTables() async throws(StoreError) -> [String]
    /// Makes an orphaned table this node's; returns its new fence. Of several nodes trying at once exactly one
    /// wins. Rebuild the table from ``journal(code:from:)`` afterwards: every append under the old fence that was
    /// accepted is in it, and none can follow.
    ///
    /// - Throws: ``StoreError/notOrphaned(code:)`` (its owner is alive, or another node just took it),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/leaseLost(url:)``, ``StoreError/notRegistered``.
    func takeOver(code: String) async throws(StoreError) -> Int64
}

extension ClusterDatabase {
    /// The table's whole journal (the entries not trimmed), in order.
    public func journal(code: String) async throws(StoreError) -> [JournalEntry] {
        try await journal(code: code, from: 0)
    }
}
