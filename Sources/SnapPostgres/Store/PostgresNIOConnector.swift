import Logging
import SnapStore

/// The ``PostgresConnector`` over postgres-nio: ``PostgresGameStore`` for rounds, ``PostgresCluster`` for a
/// cluster's directory.
public struct PostgresNIOConnector: PostgresConnector {
    public init() {}

    public func openStore(
        _ address: PostgresAddress, logger: Logger, timeout: Duration
    ) async throws(StoreError) -> any GameStore {
        try await PostgresGameStore.open(address, logger: logger, timeout: timeout)
    }

    public func openCluster(
        _ address: PostgresAddress, lease: Duration, logger: Logger, timeout: Duration
    ) async throws(StoreError) -> any ClusterDatabase {
        try await PostgresCluster.open(address, lease: lease, logger: logger, timeout: timeout)
    }
}
