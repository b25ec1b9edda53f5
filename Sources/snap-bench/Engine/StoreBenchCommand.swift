import ArgumentParser
import Foundation
import Logging
import SnapBench
import SnapCommandLine
import SnapPostgres
import SnapStore

/// `snap-bench store`: how fast a store writes finished rounds, and how much room one takes.
struct StoreBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "How fast finished rounds are written and read back, and how many bytes one takes.",
        discussion: """
            Records seeded quick rounds of computer players as a server records them, then writes them one after \
            another to the store --db names (default: a new SQLite file in a temporary folder, removed afterwards) \
            and reads each back to check it. Build with -c release for figures worth quoting.
            """
    )

    @Option(help: "How many rounds to write (1 to 100000).")
    var rounds = 500

    @Option(help: "The seed the rounds are played from.")
    var seed: UInt64 = 1

    @Option(name: .customLong("db"), help: "A SQLite file, :memory:, or postgres://user@host/database (default: a new temporary SQLite file).")
    var db: String?

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard (1...100_000).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 100000; got \(rounds).")
        }
        if let db { do { _ = try StoreLocation(db) } catch { throw ValidationError(error.description) } }
    }

    func run() async throws {
        let folder = db == nil ? FileManager.default.temporaryDirectory.appendingPathComponent("snap-store-bench-\(getpid())") : nil
        defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
        let location = try StoreLocation(db ?? folder!.appendingPathComponent("snap.sqlite").path)
        let logger = Logger(label: "snap.bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let store: any GameStore
        do { store = try await location.open(postgres: PostgresNIOConnector(), logger: logger) } catch { throw StoreFailure(error: error) }
        var file: String?
        if case .sqlite(let path) = location { file = path }
        let result = try await StoreBenchmark(rounds: rounds, seed: seed).run(store: store, file: file, progress: ProgressLine.show)
        await store.close()
        ProgressLine.end()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
            return
        }
        print("""
            Store: \(result.store)
              rounds written          \(result.rounds) (quick 5-minute rounds, \(String(format: "%.0f", result.actionsPerRound)) actions each)
              log bytes per round     \(String(format: "%.0f", result.logBytesPerRound))
              stored bytes per round  \(result.storedBytesPerRound.map { String(format: "%.0f", $0) } ?? "n/a")
              rounds written / s      \(String(format: "%.1f", result.roundsWrittenPerSecond))
              rounds read / s         \(String(format: "%.1f", result.roundsReadPerSecond))
              read back equal         \(result.readBackEqual ? "yes" : "NO")
            """)
        if !result.readBackEqual { throw ExitCode.failure }
    }
}
