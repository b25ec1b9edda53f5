import Logging
import PostgresNIO
import SnapStore

/// Each table's journal, and taking over the tables of nodes whose lease ran out.
extension PostgresCluster {
    /// Appends `entries` (opaque bytes) to the table's journal, in order, in one round trip; returns the
    /// position after the last one (the journal's length, trimmed entries included).
    ///
    /// The check that the table is this node's with `fence`, under a lease that still runs, and the write are
    /// one statement: once another node took the table over, nothing more is written.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` (nothing was written), ``StoreError/noSuchTable(code:)``,
    ///   ``StoreError/notRegistered``.
    @discardableResult
    public func append(code: String, fence: Int64, entries: [[UInt8]]) async throws(StoreError) -> Int64 {
        let me = try registered()
        let statement = JournalAppendStatement(
            code: code, fence: fence, term: me.term, entries: entries.map { ByteBuffer(bytes: $0) })
        let (next, exists) = try await perform { [client, logger] in
            try await client.withConnection { connection in
                let rows: AsyncThrowingMapSequence<PostgresRowSequence, JournalAppendStatement.Row> =
                    try await connection.execute(statement, logger: logger)
                var answer: (Int64?, Bool) = (nil, false)
                for try await row in rows { answer = (row.0, row.1) }
                return answer
            }
        }
        guard let next else { throw exists ? .fenced(code: code) : .noSuchTable(code: code) }
        return next
    }

    /// The table's journal, in order, from position `from` on (the entries not trimmed, by default).
    public func journal(code: String, from start: Int64) async throws(StoreError) -> [JournalEntry] {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    SELECT position, entry FROM snap_journal WHERE table_code = \(code) AND position >= \(start)
                    ORDER BY position
                    """, logger: logger
                ).collect().map { row in
                    let (position, entry) = try row.decode((Int64, ByteBuffer).self)
                    return JournalEntry(position: position, bytes: Array(entry.readableBytesView))
                }
            }
        }
    }

    /// Deletes the journal's entries before `position` (those a table no longer needs, as a finished round's);
    /// returns how many went. Fenced as ``append(code:fence:entries:)`` is.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` (nothing was deleted), ``StoreError/noSuchTable(code:)``,
    ///   ``StoreError/notRegistered``.
    @discardableResult
    public func trim(code: String, fence: Int64, before position: Int64) async throws(StoreError) -> Int {
        let me = try registered()
        let (owned, exists, deleted) = try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    WITH owned AS (
                        SELECT code FROM snap_table
                        WHERE code = \(code) AND fence = \(fence) AND owner_term = \(me.term)
                            AND EXISTS (SELECT 1 FROM snap_node WHERE term = \(me.term) AND lease_until > now())
                        FOR SHARE
                    ),
                    trimmed AS (
                        DELETE FROM snap_journal
                        WHERE table_code IN (SELECT code FROM owned) AND position < \(position)
                        RETURNING 1
                    )
                    SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM snap_table WHERE code = \(code)),
                        (SELECT count(*) FROM trimmed)
                    """, logger: logger
                ).collect().first.map { try $0.decode((Bool, Bool, Int).self) } ?? (false, false, 0)
            }
        }
        guard owned else { throw exists ? .fenced(code: code) : .noSuchTable(code: code) }
        return deleted
    }

    // MARK: - Takeover

    /// The codes of the tables whose owner's lease ran out (or who left), by code: each to be taken over.
    public func orphanedTables() async throws(StoreError) -> [String] {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    SELECT code FROM snap_table AS t
                    WHERE NOT EXISTS (
                        SELECT 1 FROM snap_node AS n WHERE n.term = t.owner_term AND n.lease_until > now())
                    ORDER BY code
                    """, logger: logger
                ).collect().map { try $0.decode(String.self) }
            }
        }
    }

    /// Makes an orphaned table this node's; returns its new fence. Of several nodes trying at once exactly one
    /// wins: the update is conditional on the fence the table had when its owner was found dead, and a second
    /// updater, waiting for the first's row lock, re-checks the row and finds a new fence.
    ///
    /// Rebuild the table from ``journal(code:from:)`` afterwards: every append under the old fence that was
    /// accepted is in it, and none can follow.
    ///
    /// - Throws: ``StoreError/notOrphaned(code:)`` (its owner is alive, or another node just took it),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/leaseLost(url:)``, ``StoreError/notRegistered``.
    public func takeOver(code: String) async throws(StoreError) -> Int64 {
        let me = try registered()
        let outcome = try await perform { [client, logger] () -> TakeoverOutcome in
            try await client.withConnection { connection in
                guard
                    let (fence, ownerLive) = try await connection.query(
                        """
                        SELECT t.fence, EXISTS (
                            SELECT 1 FROM snap_node AS n WHERE n.term = t.owner_term AND n.lease_until > now())
                        FROM snap_table AS t WHERE t.code = \(code)
                        """, logger: logger
                    ).collect().first.map({ try $0.decode((Int64, Bool).self) })
                else { return .noSuchTable }
                if ownerLive { return .notOrphaned }
                // Only the table's own columns in the condition: a PostgreSQL update that waited for another's row
                // lock re-checks those against the row as the other left it (not what it read of other tables).
                let (taken, live) = try await connection.query(
                    """
                    WITH me AS (SELECT term FROM snap_node WHERE term = \(me.term) AND lease_until > now()),
                    taken AS (
                        UPDATE snap_table AS t SET owner_term = me.term, fence = nextval('snap_table_fence')
                        FROM me
                        WHERE t.code = \(code) AND t.fence = \(fence)
                        RETURNING t.fence
                    )
                    SELECT (SELECT fence FROM taken), EXISTS (SELECT 1 FROM me)
                    """, logger: logger
                ).collect().first.map { try $0.decode((Int64?, Bool).self) } ?? (nil, false)
                if let taken { return .taken(fence: taken) }
                return live ? .notOrphaned : .leaseLost
            }
        }
        switch outcome {
        case .taken(let fence): return fence
        case .noSuchTable: throw .noSuchTable(code: code)
        case .notOrphaned: throw .notOrphaned(code: code)
        case .leaseLost: throw .leaseLost(url: me.url)
        }
    }

    private enum TakeoverOutcome: Sendable {
        case taken(fence: Int64)
        case noSuchTable, notOrphaned, leaseLost
    }
}
