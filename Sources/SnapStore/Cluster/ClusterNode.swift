import Foundation

/// A `snap serve` node registered in the cluster: its address and the lease it holds.
public struct ClusterNode: Hashable, Sendable {
    /// Where players reach it (`ws://host:port`), as given to ``ClusterDatabase/register(url:)``.
    public var url: String
    /// This registration's number, new each time a lease is taken (never reused): the tables a node owns are
    /// owned by its term, so a node that lost its lease and registered again owns none of its old tables.
    public var term: Int64
    /// When it registered.
    public var joinedAt: Date
    /// When its lease runs out unless renewed (by the database's clock).
    public var leaseUntil: Date

    /// A node as the directory holds it.
    public init(url: String, term: Int64, joinedAt: Date, leaseUntil: Date) {
        self.url = url
        self.term = term
        self.joinedAt = joinedAt
        self.leaseUntil = leaseUntil
    }
}
