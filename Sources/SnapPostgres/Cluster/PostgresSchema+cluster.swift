import Logging
import PostgresNIO
import SnapStore

extension PostgresSchema {
    /// The channel on which every change to the directory is announced (see ``ClusterChange``).
    static let changesChannel = "snap_cluster"

    /// Version 3: the directory of nodes and tables, the reconnect tokens and each table's journal.
    ///
    /// A node's `term` is new at every registration (from a sequence), so a table's `owner_term` names one
    /// lease, never a node that came back: a node whose lease ran out owns nothing, even once it registers again.
    /// A table's `fence` is new (from a sequence) each time the table is claimed or changes hands; writes to its
    /// journal carry the fence they were given, and are refused once it moved on.
    static func createClusterTables(_ connection: PostgresConnection, logger: Logger) async throws {
        for statement: PostgresQuery in [
            "CREATE SEQUENCE snap_node_term",
            "CREATE SEQUENCE snap_table_fence",
            """
            CREATE TABLE snap_node (
                url TEXT PRIMARY KEY,
                term BIGINT NOT NULL UNIQUE,
                joined_at TIMESTAMPTZ NOT NULL,
                lease_until TIMESTAMPTZ NOT NULL
            )
            """,
            // No foreign key to snap_node: a table outlives its owner's lease, waiting to be taken over.
            """
            CREATE TABLE snap_table (
                code TEXT PRIMARY KEY,
                owner_term BIGINT NOT NULL,
                fence BIGINT NOT NULL,
                journal_next BIGINT NOT NULL DEFAULT 0,
                listed BOOLEAN NOT NULL DEFAULT FALSE,
                host_name TEXT NOT NULL DEFAULT '',
                players BIGINT NOT NULL DEFAULT 0,
                seats_free BIGINT NOT NULL DEFAULT 0,
                round_under_way BOOLEAN NOT NULL DEFAULT FALSE,
                solo BOOLEAN NOT NULL DEFAULT FALSE,
                claimed_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX snap_table_by_owner ON snap_table (owner_term)",
            """
            CREATE TABLE snap_token (
                token TEXT PRIMARY KEY,
                table_code TEXT NOT NULL REFERENCES snap_table (code) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX snap_token_by_table ON snap_token (table_code)",
            """
            CREATE TABLE snap_journal (
                table_code TEXT NOT NULL REFERENCES snap_table (code) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                entry BYTEA NOT NULL,
                PRIMARY KEY (table_code, position)
            )
            """,
            // Announces what a lobby shows (a listing, its node, its removal), never a journal write.
            """
            CREATE FUNCTION snap_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('\(unescaped: changesChannel)', json_build_object('table', OLD.code)::text);
                ELSE
                    PERFORM pg_notify('\(unescaped: changesChannel)', json_build_object(
                        'table', NEW.code, 'listed', NEW.listed,
                        'node', (SELECT url FROM snap_node WHERE term = NEW.owner_term),
                        'host', NEW.host_name, 'players', NEW.players, 'seats_free', NEW.seats_free,
                        'round_under_way', NEW.round_under_way, 'solo', NEW.solo)::text);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER snap_table_listed AFTER INSERT ON snap_table
            FOR EACH ROW WHEN (NEW.listed) EXECUTE FUNCTION snap_table_changed()
            """,
            """
            CREATE TRIGGER snap_table_removed AFTER DELETE ON snap_table
            FOR EACH ROW EXECUTE FUNCTION snap_table_changed()
            """,
            """
            CREATE TRIGGER snap_table_relisted AFTER UPDATE ON snap_table
            FOR EACH ROW WHEN (
                (OLD.owner_term, OLD.listed, OLD.host_name, OLD.players, OLD.seats_free, OLD.round_under_way, OLD.solo)
                IS DISTINCT FROM
                (NEW.owner_term, NEW.listed, NEW.host_name, NEW.players, NEW.seats_free, NEW.round_under_way, NEW.solo))
            EXECUTE FUNCTION snap_table_changed()
            """,
            // A node joining (or taking over an expired URL) or leaving; renewals say nothing.
            """
            CREATE FUNCTION snap_node_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify(
                        '\(unescaped: changesChannel)', json_build_object('node', OLD.url, 'left', TRUE)::text);
                ELSE
                    PERFORM pg_notify(
                        '\(unescaped: changesChannel)', json_build_object('node', NEW.url, 'left', FALSE)::text);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER snap_node_joined AFTER INSERT OR DELETE ON snap_node
            FOR EACH ROW EXECUTE FUNCTION snap_node_changed()
            """,
            """
            CREATE TRIGGER snap_node_rejoined AFTER UPDATE ON snap_node
            FOR EACH ROW WHEN (OLD.term IS DISTINCT FROM NEW.term) EXECUTE FUNCTION snap_node_changed()
            """,
        ] {
            try await connection.query(statement, logger: logger)
        }
    }
}
