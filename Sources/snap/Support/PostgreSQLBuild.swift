import SnapStore

#if PostgreSQL
import SnapPostgres
#endif

/// Whether this `snap` can use a PostgreSQL server: only when built with the package's `PostgreSQL` trait
/// (`swift build --traits PostgreSQL`). The one place in `snap` that asks.
enum PostgreSQLBuild {
    #if PostgreSQL
    static let connector: (any PostgresConnector)? = PostgresNIOConnector()
    #else
    static let connector: (any PostgresConnector)? = nil
    #endif

    /// Refuses a `postgres://` location when this `snap` cannot use one, saying how to build one that can.
    static func check(_ location: StoreLocation) throws(StoreError) {
        if case .postgres(let address) = location, connector == nil {
            throw .noPostgreSQL(location: address.description)
        }
    }
}
