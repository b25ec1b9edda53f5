import Logging

/// What a build of Snap! can open at a `postgres://` address: the store of finished rounds and a cluster's
/// directory. Its one implementation is SnapPostgres's `PostgresNIOConnector`, over postgres-nio; `snap` links it
/// only when built with the `PostgreSQL` trait, so that a player's first build leaves PostgreSQL's client (and
/// the cryptography it needs) out.
public protocol PostgresConnector: Sendable {
    /// Connects to the server at `address`, creating or upgrading the schema, and keeps rounds there; each request
    /// is answered within `timeout`.
    func openStore(_ address: PostgresAddress, logger: Logger, timeout: Duration) async throws(StoreError) -> any GameStore
    /// Connects to the server at `address` as a node of the cluster whose directory it holds (the same schema as
    /// the store's, with which it can share a database), with leases of `lease`.
    func openCluster(
        _ address: PostgresAddress, lease: Duration, logger: Logger, timeout: Duration
    ) async throws(StoreError) -> any ClusterDatabase
}
