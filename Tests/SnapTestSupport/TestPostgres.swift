import Foundation
import Logging
import PostgresNIO
import SnapStore

/// The PostgreSQL server of the tests: `SNAP_TEST_POSTGRES_URL` (scripts/postgres starts one and sets it in
/// scripts/test). Without it the PostgreSQL tests are skipped, unless `SNAP_REQUIRE_POSTGRES=1`: then they fail.
public enum TestPostgres {
    public static let url: String? = ProcessInfo.processInfo.environment["SNAP_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }
    public static let required = ProcessInfo.processInfo.environment["SNAP_REQUIRE_POSTGRES"] == "1"
    public static let enabled = url != nil || required
    /// The deadline of the tests' stores and nodes: generous, because the whole suite talks to one server at once
    /// on a machine that may be busy. The tests of deadlines pass their own.
    public static let timeout: Duration = .seconds(30)
    public static let skipped =
        "SNAP_TEST_POSTGRES_URL is unset (scripts/postgres start DIR writes one to DIR/url); SNAP_REQUIRE_POSTGRES=1 fails instead"

    /// The server's address, its database being the one the URL names.
    public static func address() throws -> PostgresAddress {
        guard let url else { throw TestPostgresMissing() }
        return try PostgresAddress(url)
    }

    /// Runs `body` with a new database of its own on the server, dropped afterwards (the test role may create
    /// databases), so that tests run side by side and leave nothing behind.
    public static func withDatabase<T>(_ body: (PostgresAddress) async throws -> T) async throws -> T {
        var address = try address()
        let name = "snap_test_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try await withConnection(to: address) { connection in
            try await connection.query("CREATE DATABASE \(unescaped: name)", logger: logger)
        }
        let server = address
        address.database = name
        do {
            let result = try await body(address)
            try await drop(name, on: server)
            return result
        } catch {
            try? await drop(name, on: server)
            throw error
        }
    }

    /// Runs `body` on one connection to `address`'s database.
    @discardableResult
    public static func withConnection<T>(
        to address: PostgresAddress, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(timeout.components.seconds)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger)
        } catch {
            throw TestPostgresFailure(doing: "connecting to \(address.database)", error)
        }
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch let error as PSQLError {
            try? await connection.close()
            throw TestPostgresFailure(doing: "a query on \(address.database)", error)
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func drop(_ name: String, on server: PostgresAddress) async throws {
        try await withConnection(to: server) { connection in
            try await connection.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: logger)
        }
    }

    public static let logger = Logger(label: "snap.store.tests")
}

/// `SNAP_REQUIRE_POSTGRES=1` without a server to test against.
public struct TestPostgresMissing: Error, CustomStringConvertible {
    public var description: String { "SNAP_REQUIRE_POSTGRES=1, but SNAP_TEST_POSTGRES_URL is unset" }
}

/// A failure of the tests' own connection to PostgreSQL, with what PostgreSQL said (which `PSQLError` keeps out of
/// its description).
public struct TestPostgresFailure: Error, CustomStringConvertible {
    public var description: String

    init(doing what: String, _ error: any Error) {
        description = "PostgreSQL failed \(what): \(String(reflecting: error))"
    }
}
