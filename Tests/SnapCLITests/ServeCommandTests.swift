import Foundation
import SnapClient
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snap serve` as a real process: its banner, a port in use, and SIGTERM reaching connected players.
@Suite struct ServeCommandTests {
    /// Starts `snap serve` on a free port and waits for its banner.
    func startServer() throws -> (Process, Int, Pipe) {
        let port = try TmuxNetworkTests.freePort()
        let process = Process()
        process.executableURL = SnapBinary.url
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var banner = Data()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !String(decoding: banner, as: UTF8.self).contains("Ctrl-C") {
            banner += output.fileHandleForReading.availableData
        }
        #expect(String(decoding: banner, as: UTF8.self).contains("http://127.0.0.1:\(port)/"))
        return (process, port, output)
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
