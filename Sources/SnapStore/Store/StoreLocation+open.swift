import Logging

extension StoreLocation {
    /// Opens the store this location names: a SQLite file (made, or upgraded, as needed), memory, or a
    /// PostgreSQL server (connected to and migrated, each request to it answered within `timeout`).
    ///
    /// - Throws: the ``StoreError`` that says why the store cannot be used; a file that cannot be used is left
    ///   as it was.
    public func open(
        logger: Logger = Logger(label: "snap.store"), timeout: Duration = .seconds(5)
    ) async throws(StoreError) -> any GameStore {
        switch self {
        case .memory: InMemoryGameStore()
        case .sqlite(let path): try SQLiteGameStore(path: path)
        case .postgres(let address): try await PostgresGameStore.open(address, logger: logger, timeout: timeout)
        }
    }
}
