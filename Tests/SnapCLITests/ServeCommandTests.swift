import Foundation
import SnapClient
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snap serve` as a real process: its banner, a port in use, and SIGTERM reaching connected players.
@Suite struct ServeCommandTests {
    func startServer() throws -> (Process, Int, Pipe) {
        let server = try SnapBinary.startServer(["--log-level", "warning"])
        #expect(server.banner.contains("http://127.0.0.1:\(server.port)/"))
        return (server.process, server.port, server.output)
    }

    @Test func aPortInUseGetsAClearMessage() throws {
        let (server, port, _) = try startServer()
        defer { server.terminate(); server.waitUntilExit() }
        let second = try SnapBinary.run(["serve", "--host", "127.0.0.1", "--port", "\(port)"])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Port \(port) is already in use"))
    }

    @Test func sigtermTellsEveryPlayerTheServerShutDown() async throws {
        let (server, port, _) = try startServer()
        let client = try await SnapClient.connect(to: "ws://127.0.0.1:\(port)/ws", name: "Ann")
        _ = try await client.sitDown(at: nil)
        kill(server.processIdentifier, SIGTERM)
        var reason: String?
        for await update in client.updates {
            if case .serverQuit(let why) = update { reason = why }
            if case .closed = update { break }
        }
        #expect(reason == "The server shut down.")
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
    }

    @Test(arguments: [["--port", "70000"], ["--speed", "0"], ["--grace", "-1"], ["--log-level", "loud"], ["--host", ""]])
    func badFlagsGetAClearMessage(arguments: [String]) throws {
        let result = try SnapBinary.run(["serve"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Error:"), "\(result.stderr)")
    }
}
