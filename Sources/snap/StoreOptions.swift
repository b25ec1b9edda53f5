import ArgumentParser
import Logging
import SnapStore

/// `--db`: where a server keeps its finished rounds, for the history, replays and stats.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "Where finished rounds are kept: a SQLite file, :memory: (until the server stops), postgres://user@host/database, or none.",
            discussion: "Default: \(StoreLocation.defaultPath()) (on macOS, in Application Support).",
            valueName: "PATH|URL"))
    var db: String?

    /// Whether no rounds are to be kept at all (`--db none`).
    var keepsNothing: Bool { db == "none" }

    func validate() throws {
        guard !keepsNothing else { return }
        do { _ = try StoreLocation(db) } catch { throw ValidationError(error.description) }
    }

    /// Opens the store `--db` names (nil for `--db none`).
    ///
    /// - Throws: ``StoreFailure`` with one line naming the problem and what to do; the file is left as it was.
    func open(logger: Logger) async throws -> (any GameStore)? {
        guard !keepsNothing else { return nil }
        do {
            return try await StoreLocation(db).open(logger: logger)
        } catch {
            throw StoreFailure(error: error)
        }
    }
}

/// A store that could not be opened at start: printed as one line, and the command exits.
struct StoreFailure: Error, CustomStringConvertible {
    let error: StoreError

    var description: String { "Cannot keep rounds: \(error.description)" }
}
