import Logging

extension StoreLocation {
    /// Opens the store this location names: a SQLite file (made, or upgraded, as needed), memory, or a
    /// PostgreSQL server through `postgres` (connected to and migrated, each request to it answered within
    /// `timeout`).
    ///
    /// - Throws: the ``StoreError`` that says why the store cannot be used; a file that cannot be used is left
    ///   as it was. A PostgreSQL address without a `postgres` connector is ``StoreError/noPostgreSQL(location:)``.
    public func open(
        postgres: (any PostgresConnector)?, logger: Logger = Logger(label: "snap.store"), timeout: Duration = .seconds(5)
    ) async throws(StoreError) -> any GameStore {
        switch self {
        case .memory: return InMemoryGameStore()
        case .sqlite(let path): return try SQLiteGameStore(path: path)
        case .postgres(let address):
            guard let postgres else { throw .noPostgreSQL(location: address.description) }
            return try await postgres.openStore(address, logger: logger, timeout: timeout)
        }
    }
}
