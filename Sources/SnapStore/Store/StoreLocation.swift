import Foundation

/// Where `--db` says to keep rounds: a SQLite file (the default), nowhere (`:memory:`), or a PostgreSQL server.
public enum StoreLocation: Hashable, Sendable {
    case sqlite(path: String)
    case memory
    case postgres(PostgresAddress)

    /// Reads a `--db` value; nil means the default file in the user's data folder.
    public init(_ value: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) {
        guard let value else {
            self = .sqlite(path: Self.defaultPath(environment: environment))
            return
        }
        if value == ":memory:" {
            self = .memory
        } else if value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") {
            self = .postgres(try PostgresAddress(value))
        } else if value.isEmpty {
            throw .badLocation(value, reason: "the path is empty")
        } else if value.contains("://") {
            throw .badLocation(value, reason: "only postgres:// addresses are understood")
        } else {
            self = .sqlite(path: value)
        }
    }

    /// `$XDG_DATA_HOME/snap/snap.sqlite`, else `~/.local/share/snap/snap.sqlite` (on macOS,
    /// `~/Library/Application Support/snap/snap.sqlite`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
        let folder = home + "/Library/Application Support"
        #else
        let folder = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        #endif
        return folder + "/snap/snap.sqlite"
    }
}

/// A PostgreSQL server and database, read from `postgres://user[:password]@host[:port]/database`.
public struct PostgresAddress: Hashable, Sendable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    public init(_ value: String) throws(StoreError) {
        guard let url = URLComponents(string: value), let host = url.host, !host.isEmpty else {
            throw .badLocation(value, reason: "a PostgreSQL address needs a host, as in postgres://user@host/database")
        }
        guard let user = url.user, !user.isEmpty else {
            throw .badLocation(value, reason: "a PostgreSQL address needs a user, as in postgres://user@host/database")
        }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .badLocation(value, reason: "a PostgreSQL address needs one database name, as in postgres://user@host/database")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw .badLocation(value, reason: "the port must be 1–65535")
        }
        self.user = user
        self.password = url.password
        self.host = host
        self.port = url.port ?? 5432
        self.database = database
    }

    /// The address without its password, for messages and logs.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }
}
