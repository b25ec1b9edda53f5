import Foundation
@_spi(Instrumentation) import SnapClient
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

    /// The limit lowered under the server's feet (`prlimit --pid`), below the sockets it holds: idle sockets — some
    /// never used, some kept alive after a request — are closed to fit the new limit, whatever their address, so
    /// that `/healthz` and a new player get in at once, and the seated player plays on.
    @Test(.startsPrograms) func aLimitLoweredWhileItRunsIsFollowedAndIdleSocketsMakeRoom() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        let player = try await SnapClient.connect(to: "ws://127.0.0.1:\(server.port)/ws", name: "Ann")
        _ = try await player.sitDown(at: nil, solo: true)
        var idle: [TCPProbe] = []
        for index in 0..<300 {
            let probe = try TCPProbe(port: server.port)
            if index.isMultiple(of: 2) {
                probe.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await probe.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") })
            }
            idle.append(probe)
        }
        try Self.lowerLimit(of: server, to: 200)

        let health = try TCPProbe(port: server.port)
        health.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await health.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") })
        let newcomer = try await SnapClient.connect(to: "ws://127.0.0.1:\(server.port)/ws", name: "Bo")
        _ = try await newcomer.sitDown(at: nil, solo: true)
        #expect(try await Self.dealt(player))
        // The sockets closed are the idle ones, and enough of them for the new limit and its reserve.
        let closed = idle.reduce(0) { $1.poll(); return $0 + ($1.isClosedByServer ? 1 : 0) }
        #expect(closed >= 150, "\(closed) idle sockets closed")
        #expect(Self.descriptors(of: server) < 200 - 32)
        #expect(server.errorText().contains("idle sockets"), "\(server.errorText())")
        await newcomer.disconnect()
        await player.disconnect()
    }

    /// When every socket is a player's, there is nothing to close: the server pauses accepting, longer each time,
    /// rather than asking the kernel again tens of thousands of times a second; once the limit is raised the waiting
    /// newcomer gets in.
    @Test(.startsPrograms) func whenNothingCanBeClosedAcceptingPausesInsteadOfSpinning() async throws {
        let server = try await Self.startServer()
        defer { server.stop() }
        var players: [SnapClient] = []
        for index in 0..<12 {
            let player = try await SnapClient.connect(to: "ws://127.0.0.1:\(server.port)/ws", name: "P\(index)")
            _ = try await player.sitDown(at: nil, solo: true)
            players.append(player)
        }
        // The limit is set to the descriptors the server holds; one it held only for a moment then (on a busy
        // machine, a timer's or a closing socket's) leaves a gap the request gets in by: then the limit is set again,
        // and a new request sent, up to three times.
        var waiting: TCPProbe
        var attempt = 0
        // What the server held each time the limit was set, and after a request got in anyway: the tries' record,
        // for the message of a failure (seen once in a full idle run, never alone; its cause is not known yet).
        var record: [String] = []
        repeat {
            attempt += 1
            let held = Self.descriptorKinds(of: server)
            try Self.lowerLimit(of: server, to: Self.descriptors(of: server))
            waiting = try TCPProbe(port: server.port)
            waiting.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = await Patience.wait {
                waiting.poll()
                return server.errorText().contains("no descriptor left to accept a connection") || waiting.status != nil
            }
            record.append("try \(attempt): held \(held); then \(Self.descriptorKinds(of: server)); answered: \(waiting.status != nil)")
        } while waiting.status != nil && attempt < 3
        #expect(
            server.errorText().contains("no descriptor left to accept a connection"),
            "\(server.errorText())\n\(record.joined(separator: "\n"))")
        #expect(server.errorText().contains("closed 0 idle sockets"))
        #expect(try await Self.dealt(players[0]), "the players play on")
        try Self.lowerLimit(of: server, to: 4_096)
        #expect(await waiting.waitFor { String(decoding: $0, as: UTF8.self).hasSuffix("ok\n") })
        // Each pause is counted: a server asking again at once would have counted thousands while the test read its
        // log and raised the limit; pausing 10, 20, 40 … ms, a few.
        let metrics = try TCPProbe(port: server.port)
        metrics.send("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(await metrics.waitForClose())
        let line = metrics.text.split(separator: "\n").first { $0.hasPrefix(#"snap_sockets_refused_total{reason="accept-paused"}"#) }
        let pauses = try #require(line.flatMap { Int($0.split(separator: " ").last ?? "") }, "\(metrics.text)")
        #expect((1...40).contains(pauses), "\(pauses) pauses")
        for player in players { await player.disconnect() }
    }

    private static func startServer() async throws -> SnapBinary.Server {
        let port = try TmuxNetworkTests.freePort()
        return try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--max-connections-per-address", "1000",
             "--connection-rate-per-address", "10000", "--log-level", "warning"],
            until: "Ctrl-C", keepErrors: true)
    }

    /// Sets the soft limit only: the hard one stays, so that it can be raised again.
    private static func lowerLimit(of server: SnapBinary.Server, to limit: Int) throws {
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid=\(server.process.processIdentifier)", "--nofile=\(limit):"]
        try prlimit.run()
        prlimit.waitUntilExit()
        try #require(prlimit.terminationStatus == 0, "prlimit (util-linux) could not set the limit")
    }

    /// The server's descriptors by kind ("socket: 14, anon_inode:[eventpoll]: 3, /dev/null: 1, …").
    private static func descriptorKinds(of server: SnapBinary.Server) -> String {
        let folder = "/proc/\(server.process.processIdentifier)/fd"
        let targets = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { entry in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(entry)")) ?? "?"
            return target.hasPrefix("socket:") ? "socket" : target
        }
        return Dictionary(targets.map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }
            .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    private static func descriptors(of server: SnapBinary.Server) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd").count) ?? 0
    }

    private static func dealt(_ player: SnapClient) async throws -> Bool {
        await player.startRound()
        for await update in player.updates {
            if case .table(_, let events) = update, events.contains(where: { if case .dealt = $0 { true } else { false } }) {
                return true
            }
        }
        return false
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
