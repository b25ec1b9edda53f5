import Foundation
import Logging
import PostgresNIO
import SnapTestSupport
import Testing

@testable import SnapPostgres
@testable import SnapStore

/// The three stores the storage suite runs against.
enum StoreKind: String, CustomTestStringConvertible, Sendable {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }

    /// Memory and SQLite always; PostgreSQL when a server is given (or required: then its absence fails).
    static var all: [StoreKind] { [.memory, .sqlite] + (TestPostgres.enabled ? [.postgres] : []) }
}

/// Runs `body` with a fresh, empty store of `kind`, and deletes what it made afterwards.
func withStore<T>(_ kind: StoreKind, _ body: (any GameStore) async throws -> T) async throws -> T {
    switch kind {
    case .memory:
        return try await body(InMemoryGameStore())
    case .sqlite:
        let folder = try TemporaryFolder()
        defer { folder.delete() }
        let store = try SQLiteGameStore(path: folder.path + "/snap.sqlite")
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    case .postgres:
        return try await TestPostgres.withDatabase { address in
            let store = try await PostgresGameStore.open(address, timeout: TestPostgres.timeout)
            do {
                let result = try await body(store)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    }
}

/// A folder of its own under the temporary folder, deleted by ``delete()``.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "snap-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func delete() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Rounds to store.
enum Rounds {
    /// A time on whole milliseconds, `minutes` after a fixed start.
    static func time(minutes: Int, milliseconds: Int = 0) -> Date {
        Date(timeIntervalSince1970: Double(1_795_000_000_000 + minutes * 60_000 + milliseconds) / 1000)
    }

    static func player(
        _ seat: Int, _ name: String, computer level: String? = nil, cards: Int = 13, headStart: Int = 0
    ) -> RoundPlayer {
        RoundPlayer(
            seat: seat, name: name, isComputer: level != nil, level: level, cardsAtEnd: cards,
            headStartMilliseconds: headStart)
    }

    static func call(
        _ seat: Int, _ name: String, _ verdict: RoundCall.Verdict, at offset: Int = 1_000, reaction: Double? = nil
    ) -> RoundCall {
        RoundCall(seat: seat, name: name, verdict: verdict, offsetMilliseconds: offset, reactionMilliseconds: reaction)
    }

    /// A round numbered `number` at table `table`, played by `names` (seats in order).
    static func round(
        _ number: Int, table: String = "KXPT", names: [String], winner: String?, calls: [RoundCall] = [],
        log: [UInt8] = [1, 2, 3]
    ) -> RoundRecord {
        RoundRecord(
            tableCode: table, roundNumber: number, startedAt: time(minutes: number),
            endedAt: time(minutes: number + 3, milliseconds: 250),
            // The second player has a head start, which every store keeps.
            players: names.enumerated().map {
                player($0.offset, $0.element, cards: $0.element == winner ? 52 : 0, headStart: $0.offset == 1 ? 200 : 0)
            },
            winner: winner, seed: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, roundSeconds: 300, turnSeconds: 8,
            calls: calls, actionCount: log.count, log: log)
    }

    /// `count` bytes of every value, zeros and 0xFF included, in an order that is not a pattern.
    static func log(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
