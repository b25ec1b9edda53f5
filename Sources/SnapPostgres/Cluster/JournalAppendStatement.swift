import PostgresNIO
import SnapStore

/// The journal's append as a prepared statement: each connection of the pool parses it once, and PostgreSQL soon
/// keeps one plan for it, where a new query each time cost more in planning (about 0.6 ms) than in running.
///
/// The check that the table is the caller's, with its fence, under a lease that still runs, and the write are one
/// statement (see ``PostgresCluster/append(code:fence:entries:)``). Its row: the journal's length after the write
/// (nil when nothing was written), whether the table exists, and how many entries were written.
struct JournalAppendStatement: PostgresPreparedStatement {
    static let sql = """
        WITH owned AS (
            UPDATE snap_table AS t SET journal_next = t.journal_next + $4
            WHERE t.code = $1 AND t.fence = $2 AND t.owner_term = $3
                AND EXISTS (SELECT 1 FROM snap_node WHERE term = $3 AND lease_until > now())
            RETURNING t.journal_next
        ),
        written AS (
            INSERT INTO snap_journal (table_code, position, entry)
            SELECT $1, owned.journal_next - $4 + e.number - 1, e.entry
            FROM owned, unnest($5::BYTEA[]) WITH ORDINALITY AS e (entry, number)
            RETURNING 1
        )
        SELECT (SELECT journal_next FROM owned), EXISTS (SELECT 1 FROM snap_table WHERE code = $1),
            (SELECT count(*) FROM written)
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8, .int8, .byteaArray]

    typealias Row = (Int64?, Bool, Int64)

    var code: String
    var fence: Int64
    var term: Int64
    var entries: [ByteBuffer]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(code)
        bindings.append(fence)
        bindings.append(term)
        bindings.append(Int64(entries.count))
        bindings.append(entries)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode(Row.self)
    }
}
