import Logging
import PostgresNIO
import SnapStore

/// The PostgreSQL schema: the same tables as SQLite's (``SQLiteSchema``), all named `snap_…` so that they can
/// share a database with others, and the same numbered migrations; then version 3, the cluster's tables
/// (``PostgresCluster``), which SQLite has no use for. `snap_schema` holds the version.
enum PostgresSchema {
    /// The key of the advisory lock held while migrating, so that servers starting together migrate once.
    static let lockKey: Int64 = 0x536E_6170

    /// The migrations, in order: the one at index `i` brings the schema to version `i + 1`.
    static let migrations: [@Sendable (PostgresConnection, Logger) async throws -> Void] = [
        { connection, logger in
            for statement: PostgresQuery in [
                """
                CREATE TABLE snap_round (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    table_code TEXT NOT NULL,
                    round_number BIGINT NOT NULL,
                    started_at TIMESTAMPTZ NOT NULL,
                    ended_at TIMESTAMPTZ NOT NULL,
                    winner TEXT,
                    seed BIGINT NOT NULL,
                    round_seconds BIGINT,
                    turn_seconds BIGINT,
                    action_count BIGINT NOT NULL,
                    log BYTEA NOT NULL
                )
                """,
                """
                CREATE TABLE snap_round_player (
                    round_id BIGINT NOT NULL REFERENCES snap_round (id) ON DELETE CASCADE,
                    seat BIGINT NOT NULL,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    is_computer BOOLEAN NOT NULL,
                    level TEXT,
                    cards_at_end BIGINT NOT NULL,
                    PRIMARY KEY (round_id, seat)
                )
                """,
                "CREATE INDEX snap_round_player_by_name ON snap_round_player (name_key, round_id)",
                """
                CREATE TABLE snap_round_call (
                    round_id BIGINT NOT NULL REFERENCES snap_round (id) ON DELETE CASCADE,
                    position BIGINT NOT NULL,
                    seat BIGINT NOT NULL,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'too_late')),
                    offset_ms BIGINT NOT NULL,
                    reaction_ms DOUBLE PRECISION,
                    PRIMARY KEY (round_id, position)
                )
                """,
            ] {
                try await connection.query(statement, logger: logger)
            }
        },
        // As SQLite's v2: the winner's name lower-cased (in Swift), and calls indexed by name.
        { connection, logger in
            try await connection.query("ALTER TABLE snap_round ADD COLUMN winner_key TEXT", logger: logger)
            let winners = try await connection.query(
                "SELECT id, winner FROM snap_round WHERE winner IS NOT NULL", logger: logger
            ).collect()
            for row in winners {
                let (id, winner) = try row.decode((Int64, String).self)
                try await connection.query(
                    "UPDATE snap_round SET winner_key = \(nameKey(winner)) WHERE id = \(id)", logger: logger)
            }
            try await connection.query("CREATE INDEX snap_round_by_winner ON snap_round (winner_key)", logger: logger)
            try await connection.query(
                "CREATE INDEX snap_round_call_by_name ON snap_round_call (name_key, verdict)", logger: logger)
        },
        // PostgreSQL only (SQLite has no version 3 of this): the cluster's nodes, tables, tokens and journals.
        { connection, logger in try await createClusterTables(connection, logger: logger) },
        // As SQLite's v3: each player's head start; rounds before it had none.
        { connection, logger in
            try await connection.query(
                "ALTER TABLE snap_round_player ADD COLUMN head_start_ms BIGINT NOT NULL DEFAULT 0", logger: logger)
        },
        // As SQLite's v4: each round's deal code, indexed to list a deal's rounds; rounds before it had none.
        { connection, logger in
            try await connection.query("ALTER TABLE snap_round ADD COLUMN deal TEXT", logger: logger)
            try await connection.query("CREATE INDEX snap_round_by_deal ON snap_round (deal)", logger: logger)
        },
        // As SQLite's v5: a call may be a false start.
        { connection, logger in
            try await connection.query(
                "ALTER TABLE snap_round_call DROP CONSTRAINT snap_round_call_verdict_check", logger: logger)
            try await connection.query(
                """
                ALTER TABLE snap_round_call ADD CONSTRAINT snap_round_call_verdict_check
                    CHECK (verdict IN ('correct', 'wrong', 'too_late', 'false_start'))
                """, logger: logger)
        },
    ]

    /// Brings the database to the newest version, `upTo` a version for tests; refuses a newer one untouched.
    static func migrate(
        _ connection: PostgresConnection, location: String, upTo target: Int = migrations.count, logger: Logger
    ) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS snap_schema (version BIGINT NOT NULL)", logger: logger)
            var version = 0
            for try await found in try await connection.query("SELECT version FROM snap_schema", logger: logger)
                .decode(Int.self)
            {
                version = max(version, found)
            }
            guard version <= migrations.count else {
                throw StoreError.newerSchema(location: location, found: version, supported: migrations.count)
            }
            guard version < target else { return }
            for migration in migrations[version..<target] {
                try await migration(connection, logger)
            }
            try await connection.query("DELETE FROM snap_schema", logger: logger)
            try await connection.query("INSERT INTO snap_schema (version) VALUES (\(target))", logger: logger)
        }
    }
}
