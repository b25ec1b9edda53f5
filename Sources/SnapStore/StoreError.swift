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
        }
    }
}
