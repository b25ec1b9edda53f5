import Synchronization

/// A ``TableDirectory`` held in memory: the places it is told, and nothing else. For tests, and for a fixed set
/// of servers that share out their tables by hand.
public final class InMemoryTableDirectory: TableDirectory {
    private let places: Mutex<(tables: [String: String], tokens: [String: SeatLocation])>

    /// A directory that knows these tables (code → node URL) and reconnect tokens.
    public init(tables: [String: String] = [:], tokens: [String: SeatLocation] = [:]) {
        places = Mutex((tables, tokens))
    }

    /// Places the table `code` on the node at `url` (nil: nowhere).
    public func place(code: String, at url: String?) {
        places.withLock { $0.tables[code] = url }
    }

    /// Places a reconnect token's seat at a table of another node, or at one being moved (nil: nowhere).
    public func place(token: String, at location: SeatLocation?) {
        places.withLock { $0.tokens[token] = location }
    }

    public func locate(code: String) async -> String? {
        places.withLock { $0.tables[code] }
    }

    public func locate(token: String) async -> SeatLocation? {
        places.withLock { $0.tokens[token] }
    }
}
