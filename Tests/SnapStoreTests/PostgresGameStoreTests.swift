import Foundation
import PostgresNIO
import SnapTestSupport
import Testing

@testable import SnapPostgres
@testable import SnapStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What only a server can get wrong: not answering, refusing, a newer schema, sharing its database, and
/// several servers writing at once. Against SNAP_TEST_POSTGRES_URL (scripts/postgres).
@Suite(.enabled(if: TestPostgres.enabled, Comment(rawValue: TestPostgres.skipped)))
struct PostgresGameStoreTests {
    @Test func aServerThatIsNotThereIsUnreachableAtOnce() async throws {
        var address = try TestPostgres.address()
        address.host = "127.0.0.1"
        address.port = try Self.closedPort()
        // Timings are not asserted (machines here are shared); the reason says which limit ended the wait.
        await #expect {
            _ = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
        } throws: { error in
            guard case .unreachable(let location, let reason) = error as? StoreError else { return false }
            return location == address.description && reason == "connection refused"
        }

        // A host no name server knows (or, with no name server, one that cannot be looked up in time).
        address.host = "snap-no-such-host.invalid"
        await #expect {
            _ = try await PostgresGameStore.open(address, timeout: .seconds(2))
        } throws: { error in
            guard case .unreachable = error as? StoreError else { return false }
            return true
        }
    }

    @Test func aServerThatDoesNotAnswerIsUnreachableWithinTheTimeout() async throws {
        // A listening socket that never speaks: the connection opens, the start-up never gets an answer.
        let (socket, port) = try Self.silentListener()
        defer { close(socket) }
        var address = try TestPostgres.address()
        address.host = "127.0.0.1"
        address.port = port
        await #expect {
            _ = try await PostgresGameStore.open(address, timeout: .seconds(1))
        } throws: { error in
            // The store's deadline, or postgres-nio's connect timeout (set to the same): whichever fires first.
            guard case .unreachable(_, let reason) = error as? StoreError else { return false }
            return ["no answer within 1.0 seconds", "no connection within 1000 ms"].contains(reason)
        }
    }

    @Test func aWrongPasswordOrDatabaseIsUnreachableAndSaysWhy() async throws {
        var wrongPassword = try TestPostgres.address()
        wrongPassword.password = "not the password"
        await #expect {
            _ = try await PostgresGameStore.open(wrongPassword, timeout: TestPostgres.timeout)
        } throws: { error in
            guard case .unreachable(_, let reason) = error as? StoreError else { return false }
            return reason.contains("password authentication failed")
        }
        var noDatabase = try TestPostgres.address()
        noDatabase.database = "snap_no_such_database"
        await #expect {
            _ = try await PostgresGameStore.open(noDatabase, timeout: TestPostgres.timeout)
        } throws: { error in
            guard case .unreachable(_, let reason) = error as? StoreError else { return false }
            return reason.contains("does not exist")
        }
    }

    @Test func aDatabaseFromANewerSnapIsRefusedAndLeftAsItWas() async throws {
        try await TestPostgres.withDatabase { address in
            let store = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
            await store.close()
            try await TestPostgres.withConnection(to: address) { connection in
                try await connection.query("UPDATE snap_schema SET version = 99", logger: TestPostgres.logger)
            }
            let before = try await Self.schemaDump(address)
            let supported = PostgresSchema.migrations.count
            await #expect(throws: StoreError.newerSchema(location: address.description, found: 99, supported: supported)) {
                _ = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            }
            #expect(try await Self.schemaDump(address) == before)
        }
    }

    @Test func otherTablesInTheDatabaseAreLeftAlone() async throws {
        try await TestPostgres.withDatabase { address in
            try await TestPostgres.withConnection(to: address) { connection in
                try await connection.query(
                    "CREATE TABLE notes (id BIGINT PRIMARY KEY, text TEXT)", logger: TestPostgres.logger)
                try await connection.query("INSERT INTO notes VALUES (1, 'hi')", logger: TestPostgres.logger)
            }
            let store = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            let id = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
            #expect(try await store.round(id: id) != nil)
            await store.close()
            try await TestPostgres.withConnection(to: address) { connection in
                let rows = try await connection.query("SELECT text FROM notes", logger: TestPostgres.logger).collect()
                #expect(try rows.map { try $0.decode(String.self) } == ["hi"])
            }
        }
    }

    @Test func aVersion1DatabaseIsUpgradedWithItsRounds() async throws {
        try await TestPostgres.withDatabase { address in
            let old = try await PostgresGameStore.open(
                address, logger: TestPostgres.logger, timeout: TestPostgres.timeout, migratingUpTo: 1)
            await old.close()
            try await TestPostgres.withConnection(to: address) { connection in
                let logger = TestPostgres.logger
                try await connection.query(
                    """
                    INSERT INTO snap_round (table_code, round_number, started_at, ended_at, winner, seed, round_seconds,
                        turn_seconds, action_count, log)
                    VALUES ('KXPT', 1, '2026-11-18 10:00:00+00', '2026-11-18 10:03:00+00', 'Ann', -1, 300, 8, 3, '\\x010203')
                    """, logger: logger)
                try await connection.query(
                    "INSERT INTO snap_round_player VALUES (1, 0, 'Ann', 'ann', false, NULL, 52), (1, 1, 'Ray', 'ray', true, 'hard', 0)",
                    logger: logger)
                try await connection.query(
                    "INSERT INTO snap_round_call VALUES (1, 0, 0, 'Ann', 'ann', 'correct', 1200, 150.5)", logger: logger
                )
            }
            let store = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            let round = try #require(try await store.round(id: 1))
            #expect(round.seed == .max && round.log == [1, 2, 3])
            #expect(round.startedAt == Date(timeIntervalSince1970: 1_794_996_000))
            let ann = try #require(try await store.stats(for: "ANN", recent: 1))
            #expect(ann.roundsWon == 1 && ann.correctCalls == 1 && ann.medianReactionMilliseconds == 150.5)
            await store.close()
            try await TestPostgres.withConnection(to: address) { connection in
                let rows = try await connection.query("SELECT version FROM snap_schema", logger: TestPostgres.logger)
                    .collect()
                #expect(try rows.map { try $0.decode(Int.self) } == [PostgresSchema.migrations.count])
            }
        }
    }

    @Test func severalServersStartAndSaveAtOnce() async throws {
        try await TestPostgres.withDatabase { address in
            // Three servers open the same new database together: one migrates, the others wait for it.
            let stores = try await withThrowingTaskGroup(of: PostgresGameStore.self) { group in
                for _ in 0..<3 { group.addTask { try await PostgresGameStore.open(address, timeout: TestPostgres.timeout) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
                for (index, store) in stores.enumerated() {
                    for number in 1...10 {
                        group.addTask {
                            try await store.save(
                                Rounds.round(number, table: "S\(index)XX", names: ["Ann", "Bob"], winner: "Ann"))
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(ids).count == 30)
            #expect(try await stores[0].stats(for: "ann", recent: 0)?.roundsWon == 30)
            for store in stores { await store.close() }
        }
    }

    /// Every snap_ table with its row count, and the schema version.
    static func schemaDump(_ address: PostgresAddress) async throws -> [String] {
        try await TestPostgres.withConnection(to: address) { connection in
            let rows = try await connection.query(
                """
                SELECT table_name || ' ' || column_name || ' ' || data_type FROM information_schema.columns
                WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
                """, logger: TestPostgres.logger
            ).collect()
            let version = try await connection.query("SELECT version FROM snap_schema", logger: TestPostgres.logger)
                .collect()
            return try rows.map { try $0.decode(String.self) } + version.map { "version \(try $0.decode(Int.self))" }
        }
    }

    /// A loopback port nothing listens on (bound, then closed).
    static func closedPort() throws -> Int {
        let (socket, port) = try silentListener()
        close(socket)
        return port
    }

    /// A socket listening on a free loopback port that never accepts or answers.
    static func silentListener() throws -> (Int32, Int) {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(socket >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 8) == 0
                    && getsockname(socket, pointer, &length) == 0
            }
        }
        try #require(bound)
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
