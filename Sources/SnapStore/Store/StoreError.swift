/// Why the store could not be opened or used, in words that say what to do.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `--db` value cannot be understood.
    case badLocation(String, reason: String)
    /// The file exists but is not a Snap! database; it was left as it was.
    case notASnapDatabase(path: String)
    /// The database was written by a newer version of Snap!; it was left as it was.
    case newerSchema(location: String, found: Int, supported: Int)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The database server cannot be reached or refused the connection.
    case unreachable(location: String, reason: String)
    /// Anything else the database said.
    case failed(String)
    /// A `postgres://` address given to a Snap! built without PostgreSQL (without the `PostgreSQL` trait).
    case noPostgreSQL(location: String)

    // MARK: Cluster (``ClusterDatabase``)

    /// The node's URL (`--node-url`) cannot be understood.
    case badNodeURL(String, reason: String)
    /// A live node already holds this URL in the cluster.
    case nodeURLInUse(url: String)
    /// A cluster call that needs this node's registration came before ``ClusterDatabase/register(url:)`` or
    /// after ``ClusterDatabase/leave()``.
    case notRegistered
    /// This node's lease ran out (or another node took its URL): it owns nothing any more.
    case leaseLost(url: String)
    /// Another table in the cluster has this code.
    case codeTaken(code: String)
    /// No table in the cluster has this code.
    case noSuchTable(code: String)
    /// The table is not this node's (any more, or not with this fence: another node took it over), or this
    /// node's lease ran out. Nothing was written.
    case fenced(code: String)
    /// The table's owner is alive (or another node has just taken it over): it cannot be taken.
    case notOrphaned(code: String)

    public var description: String {
        switch self {
        case .badLocation(let value, let reason):
            "--db \(value): \(reason). Pass a file path, :memory:, or postgres://user@host/database."
        case .notASnapDatabase(let path):
            "\(path) is not a Snap! database; it was not changed. Pass another file with --db."
        case .newerSchema(let location, let found, let supported):
            "\(location) was written by a newer Snap! (schema \(found); this one knows up to \(supported)); it was not changed. Update snap, or pass another --db."
        case .readOnly(let path):
            "\(path) cannot be written. Check its permissions (and its folder's), or pass another --db."
        case .unreachable(let location, let reason):
            "cannot reach the database at \(location): \(reason). Check that it is running, or pass another --db."
        case .failed(let message):
            "the database failed: \(message)"
        case .noPostgreSQL(let location):
            "--db \(location): this snap was built without PostgreSQL. Build it with `swift build --traits PostgreSQL` (as scripts/test does), or pass a file path or :memory:."
        case .badNodeURL(let value, let reason):
            "--node-url \(value): \(reason). Pass the address players reach this node at, as in ws://host:port."
        case .nodeURLInUse(let url):
            "--node-url \(url) is held by a live node of the cluster. Pass another, or wait for that node's lease to run out."
        case .notRegistered:
            "this node is not registered in the cluster."
        case .leaseLost(let url):
            "the node \(url) lost its lease in the cluster; its tables may be another node's now."
        case .codeTaken(let code):
            "the table code \(code) is taken in the cluster."
        case .noSuchTable(let code):
            "no table in the cluster has the code \(code)."
        case .fenced(let code):
            "table \(code) is not this node's any more (another node took it over, or this node's lease ran out); nothing was written."
        case .notOrphaned(let code):
            "table \(code) has a live owner; it cannot be taken over."
        }
    }
}
