import GRDB

/// The SQLite schema: named, append-only migrations. Each sets `user_version` to its number, so that a file
/// says which schema it holds without its tables being read; the first also marks the file as Snap!'s
/// (`application_id`).
enum SQLiteSchema {
    /// `PRAGMA application_id` of every Snap! database: "Snap" in ASCII.
    static let applicationID: Int32 = 0x536E_6170

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE snap_round (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        table_code TEXT NOT NULL,
                        round_number INTEGER NOT NULL,
                        started_at INTEGER NOT NULL, -- microseconds since 1970-01-01 00:00 UTC
                        ended_at INTEGER NOT NULL,
                        winner TEXT,
                        seed INTEGER NOT NULL, -- the UInt64's bits as a signed 64-bit integer
                        round_seconds INTEGER,
                        turn_seconds INTEGER,
                        action_count INTEGER NOT NULL,
                        log BLOB NOT NULL
                    );
                    CREATE TABLE snap_round_player (
                        round_id INTEGER NOT NULL REFERENCES snap_round (id) ON DELETE CASCADE,
                        seat INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL, -- the name lower-cased, for lookups
                        is_computer BOOLEAN NOT NULL,
                        level TEXT,
                        cards_at_end INTEGER NOT NULL,
                        PRIMARY KEY (round_id, seat)
                    ) WITHOUT ROWID;
                    CREATE INDEX snap_round_player_by_name ON snap_round_player (name_key, round_id);
                    CREATE TABLE snap_round_call (
                        round_id INTEGER NOT NULL REFERENCES snap_round (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL, -- the calls' order in the round
                        seat INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'too_late')),
                        offset_ms INTEGER NOT NULL,
                        reaction_ms REAL,
                        PRIMARY KEY (round_id, position)
                    ) WITHOUT ROWID;
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = 1;
                    """)
        }
        // Stats count wins and calls by name: keep the winner's name lower-cased (filled in Swift, whose
        // lower-casing matches the names' and PostgreSQL's store) and index the calls by name.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "ALTER TABLE snap_round ADD COLUMN winner_key TEXT")
            let winners = try Row.fetchAll(db, sql: "SELECT id, winner FROM snap_round WHERE winner IS NOT NULL")
            for row in winners {
                let winner: String = row["winner"]
                try db.execute(
                    sql: "UPDATE snap_round SET winner_key = ? WHERE id = ?", arguments: [nameKey(winner), row["id"]])
            }
            try db.execute(
                sql: """
                    CREATE INDEX snap_round_by_winner ON snap_round (winner_key);
                    CREATE INDEX snap_round_call_by_name ON snap_round_call (name_key, verdict);
                    PRAGMA user_version = 2;
                    """)
        }
        // Each player's head start (RULES.md); rounds before it had none.
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    ALTER TABLE snap_round_player ADD COLUMN head_start_ms INTEGER NOT NULL DEFAULT 0;
                    PRAGMA user_version = 3;
                    """)
        }
        // Each round's deal code, to list the rounds of one deal side by side; rounds before it had none.
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    ALTER TABLE snap_round ADD COLUMN deal TEXT;
                    CREATE INDEX snap_round_by_deal ON snap_round (deal);
                    PRAGMA user_version = 4;
                    """)
        }
        // A call may be a false start (RULES.md). SQLite cannot change a CHECK: the calls move to a new table.
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    CREATE TABLE snap_round_call_v5 (
                        round_id INTEGER NOT NULL REFERENCES snap_round (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        seat INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'too_late', 'false_start')),
                        offset_ms INTEGER NOT NULL,
                        reaction_ms REAL,
                        PRIMARY KEY (round_id, position)
                    ) WITHOUT ROWID;
                    INSERT INTO snap_round_call_v5
                        SELECT round_id, position, seat, name, name_key, verdict, offset_ms, reaction_ms FROM snap_round_call;
                    DROP TABLE snap_round_call;
                    ALTER TABLE snap_round_call_v5 RENAME TO snap_round_call;
                    CREATE INDEX snap_round_call_by_name ON snap_round_call (name_key, verdict);
                    PRAGMA user_version = 5;
                    """)
        }
        return migrator
    }
}
