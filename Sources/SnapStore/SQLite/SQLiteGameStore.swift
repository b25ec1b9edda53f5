import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rounds kept in a SQLite file (the default): one writer and many readers, in WAL mode.
///
/// Opening checks the file before anything writes to it: a file that is not a Snap! database, or was written
/// by a newer Snap!, or cannot be written, is refused with a ``StoreError`` and left exactly as it was. An
/// empty or missing file becomes a Snap! database (the folder is made when missing); an older one is upgraded.
public final class SQLiteGameStore: GameStore {
    /// The file's path.
    public let path: String
    private let pool: DatabasePool

    /// The file's path.
    public var location: String { path }

    /// Opens (or creates) the Snap! database at `path`, upgrading an older one.
    ///
    /// - Parameter busyTimeout: how long opening, or a write, waits for another program's work on the same file
    ///   before it fails (several servers may share one file).
    /// - Throws: ``StoreError/notASnapDatabase(path:)``, ``StoreError/newerSchema(location:found:supported:)``,
    ///   ``StoreError/readOnly(path:)`` (each leaving the file unchanged), or ``StoreError/failed(_:)``.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5)) throws(StoreError) {
        try self.init(path: path, busyTimeout: busyTimeout, whenBusy: {})
    }

    /// Opens the database at `path`, calling `whenBusy` each time opening waits for another server
    /// (``openPool(path:configuration:patience:whenBusy:)``).
    init(path: String, busyTimeout: Duration, whenBusy: () -> Void) throws(StoreError) {
        try SQLiteFileCheck.check(path: path)
        var configuration = Configuration()
        // Several servers may share one file: wait for the other's write rather than fail at once.
        configuration.busyMode = .timeout(
            Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18)
        configuration.label = "snap"
        do {
            pool = try Self.openPool(path: path, configuration: configuration, patience: busyTimeout, whenBusy: whenBusy)
        } catch {
            throw SQLiteFileCheck.storeError(error, path: path)
        }
        self.path = path
        do {
            try Self.claim(pool)
            try Self.migrate(pool)
        } catch {
            try? pool.close()
            throw SQLiteFileCheck.storeError(error, path: path)
        }
    }

    /// Opens the pool, trying again for up to `patience` while another server turns the same new file to WAL mode.
    ///
    /// SQLite does not call the busy handler there: the switch reads the file's header, then asks for the write
    /// lock, and a connection that already reads is refused at once rather than risk a deadlock. Two servers
    /// opening one new file together can both get that far, and one is told "database is locked"; opening again
    /// finds the file in WAL mode, with nothing left to switch. `whenBusy` is called before each pause.
    private static func openPool(
        path: String, configuration: Configuration, patience: Duration, whenBusy: () -> Void
    ) throws -> DatabasePool {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && clock.now < deadline {
                whenBusy()
                Thread.sleep(forTimeInterval: pause / .seconds(1))
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    /// Marks a new, empty file as a Snap! database before anything else is written to it. GRDB makes its table of
    /// migrations before the first migration sets the mark, and another server checking the file in between
    /// (``SQLiteFileCheck``) would find a database with a table and no mark: not Snap!'s, and refused.
    static func claim(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                if mark == 0 && objects == 0 {
                    try db.execute(sql: "PRAGMA application_id = \(SQLiteSchema.applicationID)")
                }
                return .commit
            }
        }
    }

    /// Brings the file's schema up to date. Servers starting together on a new file race: GRDB's migrator reads
    /// which migrations are applied before it takes the write lock for each, so a second server can run one the
    /// first has just committed (and fail on its column, there already). Each migration is one transaction with its
    /// record, so reading again and going on is enough; a failure that stays a failure is thrown.
    static func migrate(_ pool: DatabasePool, with migrator: DatabaseMigrator = SQLiteSchema.migrator) throws {
        for attempt in 1... {
            do {
                return try migrator.migrate(pool)
            } catch where attempt <= StoreSchema.version {
                // Each lost race means another server applied a migration: at most one per version.
                continue
            }
        }
    }

    /// Writes the round, its players and its calls in one transaction; returns its id.
    public func save(_ round: RoundRecord) async throws(StoreError) -> Int64 {
        try await perform { [pool] in
            try await pool.write { db in try Self.insert(round, into: db) }
        }
    }

    /// The history, newest first (see ``GameStore/rounds(player:deal:before:limit:)``).
    public func rounds(player: String?, deal: String?, before: Int64?, limit: Int) async throws(StoreError) -> [RoundSummary] {
        try await perform { [pool] in
            try await pool.read { db in try Self.summaries(db, player: player, deal: deal, before: before, limit: limit) }
        }
    }

    /// The round with this id, log included; nil when there is none.
    public func round(id: Int64) async throws(StoreError) -> RoundRecord? {
        try await perform { [pool] in
            try await pool.read { db in try Self.record(db, id: id) }
        }
    }

    /// The name's record (see ``GameStore/stats(for:recent:)``); nil when it never played.
    public func stats(for name: String, recent: Int) async throws(StoreError) -> PlayerStats? {
        try await perform { [pool] in
            try await pool.read { db in try Self.stats(db, name: name, recent: recent) }
        }
    }

    /// Checkpoints the WAL into the file and closes it.
    public func close() async {
        // Closing checkpoints the WAL into the file; it fails only while a read or write is still under way.
        try? pool.close()
    }

    private func perform<T: Sendable>(_ body: () async throws -> T) async throws(StoreError) -> T {
        do {
            return try await body()
        } catch {
            throw SQLiteFileCheck.storeError(error, path: path)
        }
    }

    // MARK: - Queries

    static func insert(_ round: RoundRecord, into db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO snap_round (table_code, round_number, started_at, ended_at, winner, winner_key, seed,
                    deal, round_seconds, turn_seconds, action_count, log)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                round.tableCode, round.roundNumber, round.startedAt.storedMicroseconds,
                round.endedAt.storedMicroseconds, round.winner, round.winner.map(nameKey),
                Int64(bitPattern: round.seed), round.deal, round.roundSeconds, round.turnSeconds, round.actionCount,
                Data(round.log),
            ])
        let id = db.lastInsertedRowID
        for player in round.players {
            try db.execute(
                sql: """
                    INSERT INTO snap_round_player (round_id, seat, name, name_key, is_computer, level, cards_at_end,
                        head_start_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, player.seat, player.name, nameKey(player.name), player.isComputer, player.level,
                    player.cardsAtEnd, player.headStartMilliseconds,
                ])
        }
        for (position, call) in round.calls.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO snap_round_call (round_id, position, seat, name, name_key, verdict, offset_ms,
                        reaction_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, position, call.seat, call.name, nameKey(call.name), call.verdict.rawValue,
                    call.offsetMilliseconds, call.reactionMilliseconds,
                ])
        }
        return id
    }

    private static let roundColumns = """
        id, table_code, round_number, started_at, ended_at, winner, seed, deal, round_seconds, turn_seconds,
        action_count
        """

    static func summaries(_ db: Database, player: String?, deal: String? = nil, before: Int64?, limit: Int) throws -> [RoundSummary] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(roundColumns) FROM snap_round AS r
                WHERE (?1 IS NULL OR r.id < ?1)
                  AND (?2 IS NULL OR EXISTS (
                      SELECT 1 FROM snap_round_player AS p WHERE p.round_id = r.id AND p.name_key = ?2))
                  AND (?4 IS NULL OR r.deal = ?4)
                ORDER BY r.id DESC
                LIMIT ?3
                """,
            arguments: [before, player.map(nameKey), max(0, limit), deal])
        let players = try Self.players(db, of: rows.map { $0["id"] })
        return rows.map { row in Self.record(row, players: players[row["id"]] ?? [], calls: [], log: []).summary }
    }

    static func record(_ db: Database, id: Int64) throws -> RoundRecord? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(roundColumns), log FROM snap_round WHERE id = ?", arguments: [id])
        else { return nil }
        let calls = try Row.fetchAll(
            db,
            sql: """
                SELECT seat, name, verdict, offset_ms, reaction_ms FROM snap_round_call
                WHERE round_id = ? ORDER BY position
                """,
            arguments: [id]
        ).map { row throws -> RoundCall in
            guard let verdict = RoundCall.Verdict(rawValue: row["verdict"]) else {
                throw StoreError.failed("round \(id) holds a call with an unknown verdict")
            }
            return RoundCall(
                seat: row["seat"], name: row["name"], verdict: verdict, offsetMilliseconds: row["offset_ms"],
                reactionMilliseconds: row["reaction_ms"])
        }
        let log: Data = row["log"] ?? Data()
        return record(row, players: try players(db, of: [id])[id] ?? [], calls: calls, log: [UInt8](log))
    }

    static func stats(_ db: Database, name: String, recent: Int) throws -> PlayerStats? {
        let key = nameKey(name)
        guard
            let latest = try String.fetchOne(
                db,
                sql: "SELECT name FROM snap_round_player WHERE name_key = ? ORDER BY round_id DESC, seat LIMIT 1",
                arguments: [key])
        else { return nil }
        let played =
            try Int.fetchOne(
                db, sql: "SELECT COUNT(DISTINCT round_id) FROM snap_round_player WHERE name_key = ?", arguments: [key]
            ) ?? 0
        let won =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM snap_round AS r WHERE r.winner_key = ?1
                      AND EXISTS (SELECT 1 FROM snap_round_player AS p WHERE p.round_id = r.id AND p.name_key = ?1)
                    """,
                arguments: [key]) ?? 0
        var counts: [String: Int] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT verdict, COUNT(*) AS n FROM snap_round_call WHERE name_key = ? GROUP BY verdict",
            arguments: [key])
        {
            counts[row["verdict"]] = row["n"]
        }
        let reactions = try Double.fetchAll(
            db,
            sql: """
                SELECT reaction_ms FROM snap_round_call
                WHERE name_key = ? AND verdict = 'correct' AND reaction_ms IS NOT NULL
                """,
            arguments: [key])
        return PlayerStats(
            name: latest, roundsPlayed: played, roundsWon: won, callsByVerdict: counts, reactions: reactions,
            recentRounds: try summaries(db, player: name, before: nil, limit: recent))
    }

    private static func players(_ db: Database, of ids: [Int64]) throws -> [Int64: [RoundPlayer]] {
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        var players: [Int64: [RoundPlayer]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT round_id, seat, name, is_computer, level, cards_at_end, head_start_ms FROM snap_round_player
                WHERE round_id IN (\(marks)) ORDER BY round_id, seat
                """,
            arguments: StatementArguments(ids))
        {
            players[row["round_id"], default: []].append(
                RoundPlayer(
                    seat: row["seat"], name: row["name"], isComputer: row["is_computer"], level: row["level"],
                    cardsAtEnd: row["cards_at_end"], headStartMilliseconds: row["head_start_ms"]))
        }
        return players
    }

    private static func record(_ row: Row, players: [RoundPlayer], calls: [RoundCall], log: [UInt8]) -> RoundRecord {
        RoundRecord(
            id: row["id"], tableCode: row["table_code"], roundNumber: row["round_number"],
            startedAt: Date(storedMicroseconds: row["started_at"]), endedAt: Date(storedMicroseconds: row["ended_at"]),
            players: players, winner: row["winner"], seed: UInt64(bitPattern: row["seed"]), deal: row["deal"],
            roundSeconds: row["round_seconds"], turnSeconds: row["turn_seconds"], calls: calls,
            actionCount: row["action_count"], log: log)
    }
}
