import Logging
import PostgresNIO
import SnapStore

/// The table directory and the reconnect tokens.
extension PostgresCluster {
    /// Claims `code` for a new table of this node; returns the table's first fence.
    ///
    /// - Throws: ``StoreError/codeTaken(code:)`` when any table in the cluster has it (an orphaned one included),
    ///   ``StoreError/leaseLost(url:)``, ``StoreError/notRegistered``.
    public func claim(code: String) async throws(StoreError) -> Int64 {
        let me = try registered()
        let (live, fence) = try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    WITH me AS (SELECT term FROM snap_node WHERE term = \(me.term) AND lease_until > now()),
                    claimed AS (
                        INSERT INTO snap_table (code, owner_term, fence, claimed_at)
                        SELECT \(code), me.term, nextval('snap_table_fence'), now() FROM me
                        ON CONFLICT (code) DO NOTHING
                        RETURNING fence
                    )
                    SELECT EXISTS (SELECT 1 FROM me), (SELECT fence FROM claimed)
                    """, logger: logger
                ).collect().first.map { try $0.decode((Bool, Int64?).self) } ?? (false, nil)
            }
        }
        guard live else { throw .leaseLost(url: me.url) }
        guard let fence else { throw .codeTaken(code: code) }
        return fence
    }

    /// Lists the table (or updates its listing) in every node's lobby.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` when the table is not this node's (or this node's lease ran out),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/notRegistered``.
    public func publish(_ listing: ClusterListing) async throws(StoreError) {
        let me = try registered()
        try await writeOwned(
            code: listing.code,
            """
            UPDATE snap_table AS t SET listed = TRUE, host_name = \(listing.hostName), players = \(listing.players),
                seats_free = \(listing.seatsFree), round_under_way = \(listing.roundUnderWay), solo = \(listing.solo)
            WHERE t.code = \(listing.code) AND t.owner_term = \(me.term)
                AND EXISTS (SELECT 1 FROM snap_node WHERE term = \(me.term) AND lease_until > now())
            RETURNING 1
            """)
    }

    /// Removes the table: its listing, its tokens and its journal; its code is free again.
    ///
    /// - Throws: ``StoreError/fenced(code:)`` when the table is not this node's (or this node's lease ran out),
    ///   ``StoreError/noSuchTable(code:)``, ``StoreError/notRegistered``.
    public func remove(code: String) async throws(StoreError) {
        let me = try registered()
        try await writeOwned(
            code: code,
            """
            DELETE FROM snap_table AS t
            WHERE t.code = \(code) AND t.owner_term = \(me.term)
                AND EXISTS (SELECT 1 FROM snap_node WHERE term = \(me.term) AND lease_until > now())
            RETURNING 1
            """)
    }

    /// Every listed table of every live node, by code.
    public func listings() async throws(StoreError) -> [ClusterTable] {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await Self.listings(connection, logger: logger)
            }
        }
    }

    /// Where the table with this code runs; nil when no table has it.
    public func locate(code: String) async throws(StoreError) -> TableLocation? {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    SELECT n.url, COALESCE(n.lease_until > now(), FALSE) FROM snap_table AS t
                    LEFT JOIN snap_node AS n ON n.term = t.owner_term
                    WHERE t.code = \(code)
                    """, logger: logger
                ).collect().first.map { row -> TableLocation in
                    let (url, live) = try row.decode((String?, Bool).self)
                    guard let url, live else { return .orphaned }
                    return .node(url: url)
                }
            }
        }
    }

    /// Keeps `token` (a player's reconnect token) as belonging to the table `code`, so any node can find it.
    ///
    /// - Throws: ``StoreError/noSuchTable(code:)``.
    public func remember(token: String, at code: String) async throws(StoreError) {
        let kept = try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    """
                    INSERT INTO snap_token (token, table_code)
                    SELECT \(token), code FROM snap_table WHERE code = \(code)
                    ON CONFLICT (token) DO UPDATE SET table_code = EXCLUDED.table_code
                    RETURNING 1
                    """, logger: logger
                ).collect().count
            }
        }
        guard kept > 0 else { throw .noSuchTable(code: code) }
    }

    /// Forgets `token` (its player left for good); nothing happens when it is not known.
    public func forget(token: String) async throws(StoreError) {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                _ = try await connection.query("DELETE FROM snap_token WHERE token = \(token)", logger: logger)
            }
        }
    }

    /// The code of the table `token` belongs to; nil when no table has it.
    public func locate(token: String) async throws(StoreError) -> String? {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await connection.query(
                    "SELECT table_code FROM snap_token WHERE token = \(token)", logger: logger
                ).collect().first.map { try $0.decode(String.self) }
            }
        }
    }

    // MARK: - Helpers

    /// Runs `query`, a write of this node's own table returning a row when it wrote; when it did not, tells
    /// why: no such table (``StoreError/noSuchTable(code:)``) or not this node's (``StoreError/fenced(code:)``).
    func writeOwned(code: String, _ query: PostgresQuery) async throws(StoreError) {
        let (wrote, exists) = try await perform { [client, logger] in
            try await client.withConnection { connection in
                let wrote = try await connection.query(query, logger: logger).collect().count > 0
                if wrote { return (true, true) }
                let exists = try await connection.query(
                    "SELECT 1 FROM snap_table WHERE code = \(code)", logger: logger
                ).collect().count > 0
                return (false, exists)
            }
        }
        guard wrote else { throw exists ? .fenced(code: code) : .noSuchTable(code: code) }
    }

    static func listings(_ connection: PostgresConnection, logger: Logger) async throws -> [ClusterTable] {
        try await connection.query(
            """
            SELECT t.code, t.host_name, t.players, t.seats_free, t.round_under_way, t.solo, n.url
            FROM snap_table AS t JOIN snap_node AS n ON n.term = t.owner_term
            WHERE t.listed AND n.lease_until > now()
            ORDER BY t.code
            """, logger: logger
        ).collect().map { row in
            let (code, host, players, seatsFree, playing, solo, url) = try row.decode(
                (String, String, Int, Int, Bool, Bool, String).self)
            return ClusterTable(
                listing: ClusterListing(
                    code: code, hostName: host, players: players, seatsFree: seatsFree, roundUnderWay: playing,
                    solo: solo),
                nodeURL: url)
        }
    }
}
