import ArgumentParser
import Logging
import SnapCommandLine
import SnapStore

/// `--db`: where a server keeps its finished rounds, for the history, replays and stats.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "Where finished rounds are kept: a SQLite file, :memory: (until the server stops), postgres://user@host/database, or none.",
            discussion: "Default: \(StoreLocation.defaultPath()) (on macOS, in Application Support)."
                + (PostgreSQLBuild.connector == nil
                    ? " A postgres:// address needs a snap built with PostgreSQL: swift build --traits PostgreSQL." : ""),
            valueName: "PATH|URL"))
    var db: String?

    @Option(
        name: .customLong("db-timeout"),
        help: ArgumentHelp(
            "How long a PostgreSQL --db may take to answer before a request to it fails (at start, the server exits).",
            valueName: "SECONDS"))
    var dbTimeout: Double = 5

    /// `--db-timeout` as a duration.
    var timeout: Duration { .milliseconds(Int64(dbTimeout * 1_000)) }

    /// Whether no rounds are to be kept at all (`--db none`).
    var keepsNothing: Bool { db == "none" }

    func validate() throws {
        guard dbTimeout.isFinite, dbTimeout >= 0.1, dbTimeout <= 600 else {
            throw ValidationError("--db-timeout \(dbTimeout) is out of range: pass a number of seconds from 0.1 to 600, such as 5.")
        }
        guard !keepsNothing else { return }
        do { try PostgreSQLBuild.check(StoreLocation(db)) } catch { throw ValidationError(error.description) }
    }

    /// Opens the store `--db` names (nil for `--db none`).
    ///
    /// - Throws: ``StoreFailure`` with one line naming the problem and what to do; the file is left as it was.
    func open(logger: Logger) async throws -> (any GameStore)? {
        guard !keepsNothing else { return nil }
        do {
            return try await StoreLocation(db).open(postgres: PostgreSQLBuild.connector, logger: logger, timeout: timeout)
        } catch {
            throw StoreFailure(error: error)
        }
    }
}
