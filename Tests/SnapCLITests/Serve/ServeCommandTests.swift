import Foundation
import SnapClient
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snap serve` as a real process: its banner, a port in use, and SIGTERM reaching connected players.
@Suite struct ServeCommandTests {
    func startServer() async throws -> SnapBinary.Server {
        let server = try await SnapBinary.startServer(["--log-level", "warning"])
        #expect(server.banner.contains("http://127.0.0.1:\(server.port)/"))
        return server
    }

    @Test(.startsPrograms) func aPortInUseGetsAClearMessage() async throws {
        let server = try await startServer()
        defer { server.stop() }
        let second = try await SnapBinary.run(["serve", "--host", "127.0.0.1", "--port", "\(server.port)"])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Port \(server.port) is already in use"))
    }

    @Test(.startsPrograms) func sigtermTellsEveryPlayerTheServerShutDown() async throws {
        let server = try await startServer()
        let client = try await SnapClient.connect(to: "ws://127.0.0.1:\(server.port)/ws", name: "Ann")
        _ = try await client.sitDown(at: nil)
        kill(server.process.processIdentifier, SIGTERM)
        var reason: String?
        for await update in client.updates {
            if case .serverQuit(let why) = update { reason = why }
            if case .closed = update { break }
        }
        #expect(reason == "The server shut down.")
        #expect(await server.end.status == 0)
    }

    @Test(arguments: [["--port", "70000"], ["--speed", "0"], ["--grace", "-1"], ["--log-level", "loud"], ["--host", ""]])
    func badFlagsGetAClearMessage(arguments: [String]) async throws {
        let result = try await SnapBinary.run(["serve"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Error:"), "\(result.stderr)")
    }

    @Test(arguments: ["localhost", "10.0.0.0/33", "1.2.3", ""])
    func aTrustedProxyThatIsNotAnAddressGetsAClearMessage(entry: String) async throws {
        let result = try await SnapBinary.run(["serve", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", entry])
        #expect(result.status == 64)
        #expect(
            result.firstErrorLine
                == "Error: --trusted-proxy \(entry) is not an IP address or a block of them: pass one such as 127.0.0.1, ::1 or 10.0.0.0/8.",
            "\(result.stderr)")
    }

    @Test func theHelpSaysWhatATrustedProxyChanges() async throws {
        let help = try await SnapBinary.run(["serve", "--help"]).stdout
        #expect(help.contains("--trusted-proxy <ADDR>"), "\(help)")
        #expect(help.contains("X-Forwarded-For"), "\(help)")
    }
}

/// `snap serve` under a low descriptor limit, as a real process: idle sockets cannot lock anyone out.
@Suite struct ServeDescriptorLimitTests {
    @Test(.startsPrograms) func atItsDescriptorLimitTheServerClosesIdleSocketsKeepsItsPlayersAndSaysSo() async throws {
        let prlimit = URL(fileURLWithPath: "/usr/bin/prlimit")
        try #require(FileManager.default.isExecutableFile(atPath: prlimit.path), "prlimit (util-linux) is needed")
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["--nofile=256:256", SnapBinary.url.path, "serve", "--host", "127.0.0.1", "--port", "\(port)",
             "--max-connections-per-address", "1000", "--connection-rate-per-address", "10000",
             "--log-level", "warning"],
            until: "Ctrl-C", executable: prlimit, keepErrors: true)
        defer { server.stop() }
        let player = try await SnapClient.connect(to: "ws://127.0.0.1:\(port)/ws", name: "Ann")
        _ = try await player.sitDown(at: nil, solo: true)
        // More idle sockets than the server has descriptors: each newcomer pushes out the oldest idle one.
        var idle: [TCPProbe] = []
        for _ in 0..<400 { idle.append(try TCPProbe(port: port)) }
        var closed = 0
        for _ in 0..<500 where closed < 200 {
            try await Task.sleep(for: .milliseconds(10))
            closed = idle.reduce(0) { $1.poll(); return $0 + ($1.isClosedByServer ? 1 : 0) }
        }
        #expect(closed >= 200)
        let health = try TCPProbe(port: port)
        health.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await health.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") })
        // The seated player plays on.
        await player.startRound()
        var dealt = false
        for await update in player.updates {
            if case .table(_, let events) = update, events.contains(where: { if case .dealt = $0 { true } else { false } }) {
                dealt = true
                break
            }
        }
        #expect(dealt)
        #expect(server.errorText().contains("closing idle sockets to make room"), "\(server.errorText())")
        await player.disconnect()
    }

    @Test(arguments: [["--max-connections", "0"], ["--max-connections-per-address", "-1"], ["--max-tables", "0"],
                      ["--max-tables-per-address", "0"], ["--outbox-limit", "8"],
                      ["--connection-rate-per-address", "0"], ["--max-watchers", "-1"], ["--max-watchers", "10001"]])
    func badLimitsGetAClearMessage(arguments: [String]) async throws {
        let result = try await SnapBinary.run(["serve"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
    }
}
