import Logging
import PostgresNIO
import SnapStore

extension PostgresAddress {
    /// Connects once, on its own connection (so that a wrong address, user or password is an error at once, not
    /// the retries of a pool), runs `body` on it and closes it; all within `timeout`.
    func withConnection<T: Sendable>(
        timeout: Duration, logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await withDeadline(timeout) {
                let connection = try await connect(timeout: timeout, logger: logger)
                do {
                    let result = try await body(connection)
                    try? await connection.close()
                    return result
                } catch {
                    try? await connection.close()
                    throw error
                }
            }
        } catch {
            throw StoreError(postgres: error, location: description, timeout: timeout)
        }
    }

    /// A connection of its own (no deadline: the caller sets one); the caller closes it.
    func connect(timeout: Duration, logger: Logger) async throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: .prefer(try NIOSSLContext(configuration: Self.tlsWithoutVerification)))
        configuration.options.connectTimeout = .nanoseconds(
            timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        return try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0, logger: logger)
    }

    /// A pool of connections to this server; it works while its `run()` runs.
    func client(timeout: Duration, logger: Logger) -> PostgresClient {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: .prefer(Self.tlsWithoutVerification))
        configuration.options.connectTimeout = timeout
        return PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// As libpq's default (`sslmode=prefer`): encrypted when the server offers it, its certificate unchecked.
    private static var tlsWithoutVerification: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        return tls
    }
}
