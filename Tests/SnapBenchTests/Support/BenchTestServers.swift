import Foundation
import Logging
import SnapCore
import SnapServer
import SnapServerTestSupport
import Testing

@testable import SnapBench

/// The servers the bench's tests load, in this process on free loopback ports: a Snap! server and the transport
/// floor, each with classic rounds and no turn timer, as a load run starts them.
enum BenchTestServers {
    /// Runs `body` with the WebSocket address of a Snap! server at `speed`, its tables drawn from `seed` (nil:
    /// random), and stops the server after.
    static func withSnapServer<T>(speed: Double, seed: UInt64? = nil, _ body: (String) async throws -> T) async throws -> T {
        let server = try await TestServer.start(speed: speed) { configuration in
            // As a load run starts it, not as the server's own tests do: its own pings, grace, deadlines and floor.
            let defaults = SnapServerConfiguration()
            configuration.seed = seed
            configuration.pingInterval = defaults.pingInterval
            configuration.reconnectGrace = defaults.reconnectGrace
            configuration.requestTimeout = defaults.requestTimeout
            configuration.falseStartFloor = defaults.falseStartFloor
        }
        let result: T
        do {
            result = try await body(server.url)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
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
