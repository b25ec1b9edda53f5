/// What `snap-bench failover` runs: how many nodes, tables and joins, the nodes' lease, and the database they share.
public struct FailoverSettings: Sendable {
    /// The PostgreSQL database the nodes share (`postgres://user:password@host:port/database`).
    public var database: String
    /// How many `snap serve` nodes to start (node 1 is the one killed).
    public var nodes = 3
    /// How many tables of two bots, all on node 1.
    public var tables = 10
    /// The nodes' lease in seconds (`snap serve --lease`).
    public var lease = 2
    /// Cross-node joins timed before the rounds start.
    public var joins = 20
    /// Seed for the nodes' codes and shuffles, and for the bots' pace.
    public var seed: UInt64 = 1
    /// The nodes' deadline for each database call, in seconds (`snap serve --db-timeout`).
    public var databaseTimeout = 30

    /// The defaults, on `database`.
    public init(database: String) {
        self.database = database
    }
}
