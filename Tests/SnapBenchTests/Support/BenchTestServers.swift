import Foundation
import Logging
import SnapCore
import SnapServer
import Testing

@testable import SnapBench

/// The servers the bench's tests load, in this process on free loopback ports: a Snap! server and the transport
/// floor, each with classic rounds and no turn timer, as a load run starts them.
enum BenchTestServers {
    /// Runs `body` with the WebSocket address of a Snap! server at `speed`, its tables drawn from `seed` (nil:
    /// random), and stops the server after.
    static func withSnapServer<T>(speed: Double, seed: UInt64? = nil, _ body: (String) async throws -> T) async throws -> T {
        var configuration = SnapServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.speed = speed
        configuration.seed = seed
        configuration.tableSettings = TableSettings()
        var logger = Logger(label: "snap.test")
        logger.logLevel = .error
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let server = SnapGameServer(configuration: configuration, logger: logger) { continuation.yield($0) }
        let task = Task { try await server.run() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let result: T
        do {
            result = try await body("ws://127.0.0.1:\(port)/ws")
        } catch {
            await server.shutDown()
            throw error
        }
        await server.shutDown()
        _ = try? await task.value
        return result
    }

    /// Runs `body` with the WebSocket address of a floor server at `speed`, its tables drawn from `seed` (nil:
    /// random), and stops the server after.
    static func withFloor<T>(speed: Double, seed: UInt64? = nil, _ body: (String) async throws -> T) async throws -> T {
        var settings = FloorServer.Settings()
        settings.speed = speed
        settings.seed = seed
        var logger = Logger(label: "snap.test.floor")
        // Stopping the floor by cancelling its task is logged as an error; that is not one here.
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let floor = FloorServer(settings: settings, logger: logger)
        let task = Task { try await floor.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        return try await body("ws://127.0.0.1:\(port)/ws")
    }
}
