import Foundation
import GRDB
import Synchronization
import Testing

@testable import SnapStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What only a file can get wrong: where it is made, WAL mode, upgrades, and every file that must be refused
/// and left exactly as it was.
@Suite struct SQLiteGameStoreTests {
    @Test func serversOpeningOneNewFileTogetherAllGetTheSameSchema() async throws {
        // Four servers (each its own pool, as processes are) on one new file at the same moment, ten times over:
        // each may find a migration the others have just applied (a loaded test run once failed on "duplicate column
        // name: winner_key"), or be turning the file to WAL mode with another (one failed on "database is locked").
        for _ in 0..<10 {
            let folder = try TemporaryFolder()
            defer { folder.delete() }
            let path = folder.path + "/snap.sqlite"
            let stores = try await withThrowingTaskGroup(of: SQLiteGameStore.self) { group in
                for _ in 0..<4 { group.addTask { try SQLiteGameStore(path: path) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(stores.count == 4)
            #expect(try FileMarks(path).version == StoreSchema.version)
            _ = try await stores[0].save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
            #expect(try await stores[3].round(id: 1)?.players[0].headStartMilliseconds == 0)
            for store in stores { await store.close() }
        }
    }

    @Test func openingWaitsForAnotherServersWriteLockRatherThanFail() async throws {
        // Turning a new file to WAL mode is refused at once, without SQLite's busy handler, while another
        // connection holds the write lock: the other server opening the same file this moment. Opening waits it out.
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        let other = try Self.writeLockHolder(path)
        var pauses = 0
        // A minute's busy timeout, as a server may set: SQLite waits none of it here, and the store waits instead.
        let store = try SQLiteGameStore(path: path, busyTimeout: .seconds(60)) {
            pauses += 1
            if pauses == 1 { try? other.inDatabase { try $0.commit() } }
        }
        #expect(pauses >= 1)
        #expect(try FileMarks(path).version == StoreSchema.version)
        _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
        await store.close()
        try other.close()
    }

    @Test func aFileThatStaysLockedIsRefusedOnceTheBusyTimeoutIsSpent() throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        let other = try Self.writeLockHolder(path)
        let error = #expect(throws: StoreError.self) { try SQLiteGameStore(path: path, busyTimeout: .zero) }
        #expect(error == .failed("\(path): database is locked"))
        try other.inDatabase { try $0.commit() }
        try other.close()
    }

    /// A connection to a new file at `path` holding its write lock, as a server opening it a moment earlier does.
    private static func writeLockHolder(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.inDatabase { try $0.beginTransaction(.immediate) }
        return queue
    }

    @Test func aMigrationThatLostARaceIsReadAgainAndOneThatKeepsFailingIsThrown() throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let pool = try DatabasePool(path: folder.path + "/race.sqlite")
        // A migration that fails as one whose work another server has just committed does, then goes through.
        let failures = Mutex(2)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("a") { db in try db.execute(sql: "CREATE TABLE a (x INTEGER)") }
        migrator.registerMigration("b") { db in
            if failures.withLock({ $0 -= 1; return $0 >= 0 }) { throw DatabaseError(message: "duplicate column name: x") }
            try db.execute(sql: "CREATE TABLE b (x INTEGER)")
        }
        try SQLiteGameStore.migrate(pool, with: migrator)
        #expect(try pool.read { try migrator.appliedIdentifiers($0) } == ["a", "b"])
        // One that never goes through is thrown after as many tries as there are versions.
        var broken = DatabaseMigrator()
        broken.registerMigration("c") { _ in throw DatabaseError(message: "disk I/O error") }
        #expect(throws: DatabaseError.self) { try SQLiteGameStore.migrate(pool, with: broken) }
        try pool.close()
    }

    @Test func aNewFileInAMissingFolderBecomesASnapDatabaseInWALMode() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/data/snap/snap.sqlite"
        let store = try SQLiteGameStore(path: path)
        #expect(store.location == path)
        let id = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
        // WAL mode: the writes went to the WAL beside the file, which readers share.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let marks = try FileMarks(path)
        #expect(marks == FileMarks(applicationID: 0x536E_6170, version: StoreSchema.version, journalMode: "wal"))
        #expect(try await store.round(id: id) != nil)
        await store.close()
        #expect(try FileMarks(path) == marks)
    }

    @Test func anEmptyFileBecomesASnapDatabase() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try SQLiteGameStore(path: path)
        _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
        await store.close()
        #expect(try FileMarks(path).version == StoreSchema.version)

        // So does a SQLite database that never held anything (a header and an empty schema).
        let blank = folder.path + "/blank.sqlite"
        let queue = try DatabaseQueue(path: blank)
        try await queue.write { db in try db.execute(sql: "PRAGMA user_version = 0") }
        try queue.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: blank)).count > 0)
        let adopted = try SQLiteGameStore(path: blank)
        await adopted.close()
        #expect(try FileMarks(blank) == FileMarks(applicationID: 0x536E_6170, version: StoreSchema.version, journalMode: "wal"))
    }

    @Test func aClosedStoreReopensWithEveryRound() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        var round = Rounds.round(1, names: ["Ann", "Bob"], winner: "Bob", log: Rounds.log(count: 10_000, seed: 9))
        let store = try SQLiteGameStore(path: path)
        round.id = try await store.save(round)
        await store.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closing checkpoints the WAL into the file")

        let reopened = try SQLiteGameStore(path: path)
        #expect(try await reopened.round(id: round.id!) == round)
        let next = try await reopened.save(Rounds.round(2, names: ["Ann"], winner: nil))
        #expect(next > round.id!)
        await reopened.close()
    }

    @Test func aFileLeftByACrashOpensWithItsRounds() async throws {
        // What a kill -9 leaves: the file and a WAL not yet checkpointed into it (the marks may be only in the WAL).
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let store = try SQLiteGameStore(path: folder.path + "/snap.sqlite")
        var round = Rounds.round(1, names: ["Ann", "Bob"], winner: "Ann")
        round.id = try await store.save(round)
        let copy = folder.path + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: folder.path + "/snap.sqlite", toPath: copy)
        try FileManager.default.copyItem(atPath: folder.path + "/snap.sqlite-wal", toPath: copy + "-wal")
        await store.close()

        let recovered = try SQLiteGameStore(path: copy)
        #expect(try await recovered.round(id: round.id!) == round)
        await recovered.close()
    }

    @Test func aTextFileIsRefusedAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/notes.txt"
        try Data("Shopping: eggs, milk, a new deck of cards\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = try FileSnapshot(path)
        #expect(throws: StoreError.notASnapDatabase(path: path)) { try SQLiteGameStore(path: path) }
        #expect(try FileSnapshot(path) == before)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/other.sqlite"
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(
                sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('hi')")
        }
        try other.close()
        let before = try FileSnapshot(path)
        #expect(throws: StoreError.notASnapDatabase(path: path)) { try SQLiteGameStore(path: path) }
        #expect(try FileSnapshot(path) == before)

        // Another program's mark, even without tables, is not ours either.
        let marked = folder.path + "/marked.sqlite"
        let queue = try DatabaseQueue(path: marked)
        try queue.write { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        try queue.close()
        let markedBefore = try FileSnapshot(marked)
        #expect(throws: StoreError.notASnapDatabase(path: marked)) { try SQLiteGameStore(path: marked) }
        #expect(try FileSnapshot(marked) == markedBefore)
    }

    @Test func aDatabaseFromANewerSnapIsRefusedAndLeftAsItWas() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        let store = try SQLiteGameStore(path: path)
        _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
        await store.close()
        let newer = try DatabaseQueue(path: path)
        try await newer.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        try newer.close()

        let before = try FileSnapshot(path)
        #expect(throws: StoreError.newerSchema(location: path, found: 99, supported: StoreSchema.version)) {
            try SQLiteGameStore(path: path)
        }
        #expect(try FileSnapshot(path) == before)
    }

    @Test func aFolderIsNotADatabase() throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        #expect(throws: StoreError.notASnapDatabase(path: folder.path)) { try SQLiteGameStore(path: folder.path) }
    }

    @Test func aReadOnlyFileIsRefusedAndLeftAsItWas() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/snap.sqlite"
        let store = try SQLiteGameStore(path: path)
        _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
        await store.close()

        let before = try FileSnapshot(path)
        try await Unwritable.while(path) {
            #expect(throws: StoreError.readOnly(path: path)) { try SQLiteGameStore(path: path) }
        }
        #expect(try FileSnapshot(path) == before)
    }

    @Test func aReadOnlyFolderIsRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let locked = folder.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let existing = locked + "/snap.sqlite"
        let store = try SQLiteGameStore(path: existing)
        await store.close()

        let before = try FileSnapshot(existing)
        try await Unwritable.while(locked) {
            // WAL mode writes beside the file: a writable file in a read-only folder cannot be used either.
            #expect(throws: StoreError.readOnly(path: locked)) { try SQLiteGameStore(path: existing) }
            #expect(throws: StoreError.readOnly(path: locked)) { try SQLiteGameStore(path: locked + "/new.sqlite") }
            #expect(throws: StoreError.readOnly(path: locked + "/sub")) {
                try SQLiteGameStore(path: locked + "/sub/snap.sqlite")
            }
        }
        #expect(try FileSnapshot(existing) == before)
    }

    @Test func aVersion1FileIsUpgradedWithItsRounds() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let path = folder.path + "/old.sqlite"
        // A file as the first schema left it (rollback journal, no winner_key, no calls index).
        let old = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(old, upTo: "v1")
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO snap_round (table_code, round_number, started_at, ended_at, winner, seed, round_seconds,
                        turn_seconds, action_count, log)
                    VALUES ('KXPT', 1, 1795000000000000, 1795000180000000, 'Ann', -1, 300, 8, 3, x'010203');
                    INSERT INTO snap_round_player VALUES (1, 0, 'Ann', 'ann', 0, NULL, 52), (1, 1, 'Ray', 'ray', 1, 'hard', 0);
                    INSERT INTO snap_round_call VALUES (1, 0, 0, 'Ann', 'ann', 'correct', 1200, 150.5);
                    """)
        }
        try old.close()
        #expect(try FileMarks(path) == FileMarks(applicationID: 0x536E_6170, version: 1, journalMode: "delete"))

        let store = try SQLiteGameStore(path: path)
        let round = try #require(try await store.round(id: 1))
        #expect(round.seed == .max && round.log == [1, 2, 3] && round.winner == "Ann")
        #expect(round.startedAt == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(
            round.players == [Rounds.player(0, "Ann", cards: 52), Rounds.player(1, "Ray", computer: "hard", cards: 0)])
        let ann = try #require(try await store.stats(for: "ANN", recent: 1))
        #expect(ann.roundsWon == 1, "the upgrade filled in the winner's lower-cased name")
        #expect(ann.correctCalls == 1 && ann.medianReactionMilliseconds == 150.5)
        _ = try await store.save(Rounds.round(2, names: ["Ann"], winner: "Ann"))
        #expect(try await store.stats(for: "ann", recent: 0)?.roundsWon == 2)
        await store.close()
        #expect(try FileMarks(path) == FileMarks(applicationID: 0x536E_6170, version: StoreSchema.version, journalMode: "wal"))
    }

    @Test func openingALocationMakesItsStore() async throws {
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let memory = try await StoreLocation(":memory:").open(postgres: nil)
        #expect(memory is InMemoryGameStore)
        let path = folder.path + "/snap.sqlite"
        let file = try await StoreLocation(path).open(postgres: nil)
        #expect(file is SQLiteGameStore && file.location == path)
        await file.close()
        let byDefault = try await StoreLocation(
            nil, environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.path + "/xdg"]
        ).open(postgres: nil)
        #if os(macOS)
        #expect(byDefault.location == folder.path + "/Library/Application Support/snap/snap.sqlite")
        #else
        #expect(byDefault.location == folder.path + "/xdg/snap/snap.sqlite")
        #endif
        #expect(FileManager.default.fileExists(atPath: byDefault.location))
        await byDefault.close()
    }

    @Test func aPostgreSQLAddressWithoutPostgreSQLSaysHowToBuildIt() async throws {
        let location = try StoreLocation("postgres://snap:secret@db.example:5433/rounds")
        let error = await #expect(throws: StoreError.self) { try await location.open(postgres: nil) }
        #expect(error == .noPostgreSQL(location: "postgres://snap@db.example:5433/rounds"))
        #expect(error?.description.contains("swift build --traits PostgreSQL") == true)
        #expect(error?.description.contains("secret") == false)
    }
}

/// A SQLite file's marks, read without writing.
struct FileMarks: Equatable {
    var applicationID: Int32
    var version: Int
    var journalMode: String

    init(applicationID: Int32, version: Int, journalMode: String) {
        self.applicationID = applicationID
        self.version = version
        self.journalMode = journalMode
    }

    init(_ path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        (applicationID, version, journalMode) = try queue.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
            )
        }
    }
}

/// A file's bytes, modification time and the names in its folder: equal when nothing touched them.
struct FileSnapshot: Equatable {
    var bytes: Data
    var modified: Date
    var folder: [String]

    init(_ path: String) throws {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        modified = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        folder = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            .sorted()
    }
}

/// Makes a file or folder unwritable for a while, even for root (who ignores permissions): the permissions,
/// then, where that is not enough, Linux's immutable attribute (`chattr +i`).
enum Unwritable {
    static func `while`(_ path: String, _ body: () async throws -> Void) async throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let permissions = try #require(attributes[.posixPermissions] as? Int)
        try FileManager.default.setAttributes([.posixPermissions: permissions & 0o555], ofItemAtPath: path)
        var immutable = false
        if access(path, W_OK) == 0 {
            immutable = chattr("+i", path)
        }
        defer {
            if immutable { _ = chattr("-i", path) }
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
        }
        try #require(access(path, W_OK) != 0, "cannot make \(path) unwritable here (root without chattr?)")
        try await body()
    }

    private static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
