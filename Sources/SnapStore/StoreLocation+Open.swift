import Logging

extension StoreLocation {
    /// Opens the store at this location.
    public func open(logger: Logger) async throws(StoreError) -> any GameStore {
        switch self {
        case .memory: InMemoryGameStore()
        case .sqlite, .postgres: throw .failed("this build keeps rounds in memory only (--db :memory:)")
        }
    }
}
