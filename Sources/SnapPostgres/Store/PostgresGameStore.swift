import Foundation
import Logging
import PostgresNIO
import SnapStore

/// Rounds kept on a PostgreSQL server: for a shared or long-lived server, or several servers at once.
///
/// Opening connects once on its own (so that a wrong address, user or password is an error at once, not a
/// wait) and migrates; then a `PostgresClient` pool, run by a task the store owns until ``close()``, serves
/// every call. Each call has a deadline, so that a server that stops answering is an error, never a hang.
public final class PostgresGameStore: GameStore {
    /// Where the server is (its password is never shown).
    public let address: PostgresAddress
    private let client: PostgresClient
    private let runner: PostgresClientRunner
    private let logger: Logger
    private let timeout: Duration

    /// The server and database, without the password.
    public var location: String { address.description }

    private init(address: PostgresAddress, client: PostgresClient, logger: Logger, timeout: Duration) {
        self.address = address
        self.client = client
        self.logger = logger
        self.timeout = timeout
        runner = PostgresClientRunner(client)
    }

    /// Connects to the server at `address`, creating or upgrading the schema.
    ///
    /// - Parameters:
    ///   - timeout: How long opening, and later each call, may take before the server counts as unreachable.
    /// - Throws: ``StoreError/unreachable(location:reason:)`` (no answer, or the user, password or database
    ///   refused), ``StoreError/newerSchema(location:found:supported:)`` (nothing changed), or
    ///   ``StoreError/failed(_:)``.
    public static func open(
        _ address: PostgresAddress, logger: Logger = Logger(label: "snap.store"), timeout: Duration = .seconds(5)
    ) async throws(StoreError) -> PostgresGameStore {
        try await open(address, logger: logger, timeout: timeout, migratingUpTo: PostgresSchema.migrations.count)
    }

    /// ``open(_:logger:timeout:)``, migrating only up to `version` (for tests of upgrades).
    static func open(
        _ address: PostgresAddress, logger: Logger, timeout: Duration, migratingUpTo version: Int
    ) async throws(StoreError) -> PostgresGameStore {
        try await address.withConnection(timeout: timeout, logger: logger) { connection in
            try await PostgresSchema.migrate(connection, location: address.description, upTo: version, logger: logger)
        }
        let client = address.client(timeout: timeout, logger: logger)
        let store = PostgresGameStore(address: address, client: client, logger: logger, timeout: timeout)
        await store.runner.started()
        return store
    }

    /// Writes the round, its players and its calls in one transaction; returns its id.
    public func save(_ round: RoundRecord) async throws(StoreError) -> Int64 {
        try await perform { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                try await Self.insert(round, on: connection, logger: logger)
            }
        }
    }

    /// The history, newest first (see ``GameStore/rounds(player:deal:before:limit:)``).
    public func rounds(player: String?, deal: String?, before: Int64?, limit: Int) async throws(StoreError) -> [RoundSummary] {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await Self.summaries(
                    connection, player: player, deal: deal, before: before, limit: limit, logger: logger)
            }
        }
    }

    /// The round with this id, log included; nil when there is none.
    public func round(id: Int64) async throws(StoreError) -> RoundRecord? {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await Self.record(connection, id: id, logger: logger)
            }
        }
    }

    /// The name's record (see ``GameStore/stats(for:recent:)``); nil when it never played.
    public func stats(for name: String, recent: Int) async throws(StoreError) -> PlayerStats? {
        try await perform { [client, logger] in
            try await client.withConnection { connection in
                try await Self.stats(connection, name: name, recent: recent, logger: logger)
            }
        }
    }

    /// Closes the pool's connections (cancels the task running the client).
    public func close() async {
        await runner.stop()
    }

    private func perform<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(StoreError) -> T {
        do {
            return try await withDeadline(timeout, body)
        } catch {
            throw StoreError(postgres: error, location: location, timeout: timeout)
        }
    }

    // MARK: - Queries

    static func insert(_ round: RoundRecord, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query(
            """
            INSERT INTO snap_round (table_code, round_number, started_at, ended_at, winner, winner_key, seed,
                round_seconds, turn_seconds, action_count, log, deal)
            VALUES (\(round.tableCode), \(round.roundNumber), \(PostgresTimestamp(round.startedAt)),
                \(PostgresTimestamp(round.endedAt)), \(round.winner), \(round.winner.map(nameKey)),
                \(Int64(bitPattern: round.seed)), \(round.roundSeconds), \(round.turnSeconds), \(round.actionCount),
                \(ByteBuffer(bytes: round.log)), \(round.deal))
            RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await found in rows.decode(Int64.self) { id = found }
        guard let id else { throw StoreError.failed("the server gave no id for the saved round") }
        for player in round.players {
            try await connection.query(
                """
                INSERT INTO snap_round_player (round_id, seat, name, name_key, is_computer, level, cards_at_end,
                    head_start_ms)
                VALUES (\(id), \(player.seat), \(player.name), \(nameKey(player.name)), \(player.isComputer),
                    \(player.level), \(player.cardsAtEnd), \(player.headStartMilliseconds))
                """, logger: logger)
        }
        for (position, call) in round.calls.enumerated() {
            try await connection.query(
                """
                INSERT INTO snap_round_call (round_id, position, seat, name, name_key, verdict, offset_ms, reaction_ms)
                VALUES (\(id), \(position), \(call.seat), \(call.name), \(nameKey(call.name)),
                    \(call.verdict.rawValue), \(call.offsetMilliseconds), \(call.reactionMilliseconds))
                """, logger: logger)
        }
        return id
    }

    private typealias RoundColumns = (
        Int64, String, Int, PostgresTimestamp, PostgresTimestamp, String?, Int64, Int?, Int?, Int, String?
    )
    private static let roundColumns = """
        id, table_code, round_number, started_at, ended_at, winner, seed, round_seconds, turn_seconds, action_count,
        deal
        """

    static func summaries(
        _ connection: PostgresConnection, player: String?, deal: String? = nil, before: Int64?, limit: Int,
        logger: Logger
    ) async throws -> [RoundSummary] {
        let key = player.map(nameKey)
        let rows = try await connection.query(
            """
            SELECT \(unescaped: roundColumns) FROM snap_round AS r
            WHERE (\(before)::BIGINT IS NULL OR r.id < \(before))
              AND (\(key)::TEXT IS NULL OR EXISTS (
                  SELECT 1 FROM snap_round_player AS p WHERE p.round_id = r.id AND p.name_key = \(key)))
              AND (\(deal)::TEXT IS NULL OR r.deal = \(deal))
            ORDER BY r.id DESC
            LIMIT \(max(0, limit))
            """, logger: logger)
        var records: [RoundRecord] = []
        for try await columns in rows.decode(RoundColumns.self) {
            records.append(record(columns, players: [], calls: [], log: []))
        }
        let players = try await Self.players(connection, of: records.compactMap(\.id), logger: logger)
        return records.map { record in
            var record = record
            record.players = players[record.id!] ?? []
            return record.summary
        }
    }

    static func record(_ connection: PostgresConnection, id: Int64, logger: Logger) async throws -> RoundRecord? {
        var found: RoundRecord?
        for try await row in try await connection.query(
            "SELECT \(unescaped: roundColumns), log FROM snap_round WHERE id = \(id)", logger: logger)
        {
            let (id, code, number, started, ended, winner, seed, roundSeconds, turnSeconds, actions, deal, log) =
                try row.decode(
                    (
                        Int64, String, Int, PostgresTimestamp, PostgresTimestamp, String?, Int64, Int?, Int?, Int,
                        String?, ByteBuffer
                    )
                    .self)
            found = record(
                (id, code, number, started, ended, winner, seed, roundSeconds, turnSeconds, actions, deal),
                players: [], calls: [], log: Array(log.readableBytesView))
        }
        guard var round = found else { return nil }
        for try await (seat, name, verdict, offset, reaction) in try await connection.query(
            """
            SELECT seat, name, verdict, offset_ms, reaction_ms FROM snap_round_call
            WHERE round_id = \(id) ORDER BY position
            """, logger: logger
        ).decode((Int, String, String, Int, Double?).self) {
            guard let verdict = RoundCall.Verdict(rawValue: verdict) else {
                throw StoreError.failed("round \(id) holds a call with an unknown verdict")
            }
            round.calls.append(
                RoundCall(
                    seat: seat, name: name, verdict: verdict, offsetMilliseconds: offset, reactionMilliseconds: reaction
                ))
        }
        round.players = try await players(connection, of: [id], logger: logger)[id] ?? []
        return round
    }

    static func stats(
        _ connection: PostgresConnection, name: String, recent: Int, logger: Logger
    ) async throws -> PlayerStats? {
        let key = nameKey(name)
        var latest: String?
        for try await found in try await connection.query(
            "SELECT name FROM snap_round_player WHERE name_key = \(key) ORDER BY round_id DESC, seat LIMIT 1",
            logger: logger
        ).decode(String.self) {
            latest = found
        }
        guard let latest else { return nil }
        var played = 0
        var won = 0
        for try await (p, w) in try await connection.query(
            """
            SELECT
                (SELECT COUNT(DISTINCT round_id) FROM snap_round_player WHERE name_key = \(key)),
                (SELECT COUNT(*) FROM snap_round AS r WHERE r.winner_key = \(key)
                    AND EXISTS (SELECT 1 FROM snap_round_player AS p WHERE p.round_id = r.id AND p.name_key = \(key)))
            """, logger: logger
        ).decode((Int, Int).self) {
            (played, won) = (p, w)
        }
        var counts: [String: Int] = [:]
        for try await (verdict, count) in try await connection.query(
            "SELECT verdict, COUNT(*) FROM snap_round_call WHERE name_key = \(key) GROUP BY verdict", logger: logger
        ).decode((String, Int).self) {
            counts[verdict] = count
        }
        // The median in Swift, as the other stores do (percentile_cont may differ from it in the last bit).
        var reactions: [Double] = []
        for try await reaction in try await connection.query(
            """
            SELECT reaction_ms FROM snap_round_call
            WHERE name_key = \(key) AND verdict = 'correct' AND reaction_ms IS NOT NULL
            """, logger: logger
        ).decode(Double.self) {
            reactions.append(reaction)
        }
        return PlayerStats(
            name: latest, roundsPlayed: played, roundsWon: won, callsByVerdict: counts, reactions: reactions,
            recentRounds: try await summaries(connection, player: name, before: nil, limit: recent, logger: logger))
    }

    private static func players(
        _ connection: PostgresConnection, of ids: [Int64], logger: Logger
    ) async throws -> [Int64: [RoundPlayer]] {
        guard !ids.isEmpty else { return [:] }
        var players: [Int64: [RoundPlayer]] = [:]
        for try await (id, seat, name, isComputer, level, cards, headStart) in try await connection.query(
            """
            SELECT round_id, seat, name, is_computer, level, cards_at_end, head_start_ms FROM snap_round_player
            WHERE round_id = ANY(\(ids)) ORDER BY round_id, seat
            """, logger: logger
        ).decode((Int64, Int, String, Bool, String?, Int, Int).self) {
            players[id, default: []].append(
                RoundPlayer(
                    seat: seat, name: name, isComputer: isComputer, level: level, cardsAtEnd: cards,
                    headStartMilliseconds: headStart))
        }
        return players
    }

    private static func record(
        _ columns: RoundColumns, players: [RoundPlayer], calls: [RoundCall], log: [UInt8]
    ) -> RoundRecord {
        let (id, tableCode, number, started, ended, winner, seed, roundSeconds, turnSeconds, actions, deal) = columns
        return RoundRecord(
            id: id, tableCode: tableCode, roundNumber: number, startedAt: started.date, endedAt: ended.date,
            players: players, winner: winner, seed: UInt64(bitPattern: seed), deal: deal, roundSeconds: roundSeconds,
            turnSeconds: turnSeconds, calls: calls, actionCount: actions, log: log)
    }
}

/// A `timestamptz` to the microsecond, both ways exactly as the other stores keep times (postgres-nio's own
/// `Date` coding truncates).
struct PostgresTimestamp: PostgresNonThrowingEncodable, PostgresDecodable {
    /// Microseconds since 1970-01-01 00:00 UTC.
    var microseconds: Int64
    /// PostgreSQL counts from 2000-01-01 00:00 UTC.
    private static let epochOffset: Int64 = 946_684_800 * 1_000_000

    init(_ date: Date) { microseconds = date.storedMicroseconds }

    var date: Date { Date(storedMicroseconds: microseconds) }

    static var psqlType: PostgresDataType { .timestamptz }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        byteBuffer.writeInteger(microseconds - Self.epochOffset)
    }

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        guard type == .timestamptz || type == .timestamp, format == .binary, buffer.readableBytes == 8,
            let value = buffer.readInteger(as: Int64.self)
        else { throw PostgresDecodingError.Code.typeMismatch }
        microseconds = value + Self.epochOffset
    }
}
