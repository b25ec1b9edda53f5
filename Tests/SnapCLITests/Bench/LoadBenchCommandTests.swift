import Foundation
import SnapTestSupport
import Testing

/// `snap-bench load` and `snap-bench baseline` run end to end: a real server process, real WebSocket bots, a few
/// seconds. Figures are checked for sense, never for speed.
@Suite struct LoadBenchCommandTests {
    static let requiredKeys = [
        "tables", "clients_connected", "clients_failed", "rounds", "actions", "packets_per_second_out",
        "messages_per_second_out",
        "bytes_per_second_out", "latency_ms", "server_rss_bytes_idle", "server_rss_bytes_loaded",
        "rss_bytes_per_connection", "largest_outbox_bytes", "server_cpu_seconds_per_second", "protocol_errors",
        "cards_conserved", "generators", "mirror_tables", "generator_cpu_seconds_per_second", "redirects",
        "mirror_latency_ms",
    ]

    /// The shortest run that still plays: the tables opened at once, a second of measuring at ten times the speed
    /// (a deal is then 0.2 s). What the command reports and how it ends is checked here, not what it measures.
    static let shortRun = ["--tables", "3", "--duration", "1", "--ramp", "0", "--speed", "10", "--json"]

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await SnapBinary.bench(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.jsonObject()
    }

    func expectASoundRun(_ object: [String: Any], server: String, ownServer: Bool = true, generators: Int = 1) {
        for key in Self.requiredKeys { #expect(object[key] != nil, "missing \(key)") }
        #expect(object["server"] as? String == server)
        #expect(object["tables"] as? Int == 3)
        #expect(object["clients_connected"] as? Int == 12)
        #expect(object["clients_failed"] as? Int == 0)
        // A server on its own sends nobody elsewhere (ClusterBehindNginxTests loads a cluster).
        #expect(object["redirects"] as? Int == 0)
        #expect(object["protocol_errors"] as? Int == 0)
        #expect(object["cards_conserved"] as? Bool == true)
        #expect((object["actions"] as? Int ?? 0) > 0, "the bots played")
        #expect(object["generators"] as? Int == generators)
        // Of three tables, the first is played by mirror clients (one in 50 by default), the others by lean bots,
        // against either server: the floor plays Snap! too.
        #expect(object["mirror_tables"] as? Int == 1)
        // The lean bots' latencies are the run's; the mirror table's full clients are measured apart.
        #expect(((object["latency_ms"] as? [String: Any])?["count"] as? Int ?? 0) > 0, "the lean bots measured")
        #expect(((object["mirror_latency_ms"] as? [String: Any])?["count"] as? Int ?? 0) > 0, "the mirror table measured")
        #expect((object["packets_per_second_out"] as? Double ?? 0) > 0)
        // From protocol version 10 a message may hold several packets.
        let messages = object["messages_per_second_out"] as? Double ?? 0
        #expect(messages > 0 && messages <= (object["packets_per_second_out"] as? Double ?? 0))
        // A Snap! server says how large an outbox grew (its metrics); the floor has none.
        if server == "snap" { #expect((object["largest_outbox_bytes"] as? Int ?? 0) > 0, "the outbox was read") }
        if server == "floor" { #expect(object["largest_outbox_bytes"] is NSNull) }
        if ownServer {
            #expect((object["server_rss_bytes_loaded"] as? Int ?? 0) > 0, "the server's memory was read")
            #expect(object["server_cpu_seconds_per_second"] is Double)
        }
        let latency = object["latency_ms"] as? [String: Any] ?? [:]
        for key in ["p50", "p90", "p99", "p999", "max"] { #expect(latency[key] != nil, "missing latency \(key)") }
        let p50 = latency["p50"] as? Double ?? -1
        let max = latency["max"] as? Double ?? -1
        #expect(p50 > 0 && p50 <= max, "percentiles in order: p50 \(p50), max \(max)")
    }

    @Test func loadWithBaselineReportsBothAndTheirRatios() async throws {
        let object = try await json(["load", "--baseline"] + Self.shortRun)
        expectASoundRun(object, server: "snap")
        let baseline = object["baseline"] as? [String: Any] ?? [:]
        expectASoundRun(baseline, server: "floor")
        let ratio = object["ratio"] as? [String: Any] ?? [:]
        // With a dozen connections the floor's memory growth can round to nothing, so only the key is certain.
        for key in ["throughput", "latency_p99"] { #expect((ratio[key] as? Double ?? 0) > 0, "ratio \(key)") }
        #expect(ratio["memory"] is Double)
    }

    /// Pairs alternate which server goes first, and the throughput is pooled over them: every Snap! action over every
    /// Snap! CPU-second, against the same for the floor.
    @Test func loadInPairsAlternatesTheServersAndPoolsTheirThroughput() async throws {
        let object = try await json(["load", "--baseline", "--pairs", "2"] + Self.shortRun)
        let pairs = object["pairs"] as? [[String: Any]] ?? []
        try #require(pairs.count == 2)
        for pair in pairs {
            expectASoundRun(pair, server: "snap")
            expectASoundRun(pair["baseline"] as? [String: Any] ?? [:], server: "floor")
        }
        let ratio = object["ratio"] as? [String: Any] ?? [:]
        let pooled = ratio["throughput"] as? Double ?? 0
        let lowest = ratio["throughput_lowest_pair"] as? Double ?? 0
        let highest = ratio["throughput_highest_pair"] as? Double ?? 0
        #expect(pooled > 0 && lowest <= highest, "\(ratio)")
        // Each server's pooled figure lies between its own runs' (a sum of actions over a sum of CPU-seconds), so the
        // ratio lies between the slowest Snap! run over the quickest floor run and the other way round — not
        // necessarily between the pairs' own ratios, which weigh the runs differently.
        func perCPUSecond(_ run: [String: Any]) -> Double {
            let cpu = (run["server_cpu_seconds_per_second"] as? Double ?? 0) * (run["duration_seconds"] as? Double ?? 0)
            return Double(run["actions"] as? Int ?? 0) / cpu
        }
        let snap = pairs.map(perCPUSecond)
        let floor = pairs.map { perCPUSecond($0["baseline"] as? [String: Any] ?? [:]) }
        let least = snap.min()! / floor.max()!, most = snap.max()! / floor.min()!
        #expect(pooled >= least * 0.999 && pooled <= most * 1.001, "\(ratio), Snap! \(snap), floor \(floor)")
        #expect((ratio["turn_latency_p99"] as? Double ?? 0) > 0)
        #expect(ratio["memory"] is Double)
    }

    /// The table a person reads: both servers side by side, what each sent per action, and the ratios.
    @Test func theBaselineTableSaysWhatEachServerSentPerAction() async throws {
        let result = try await SnapBinary.bench(["load", "--baseline"] + Self.shortRun.dropLast())
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let perAction = try #require(lines.first { $0.hasPrefix("sent per action") })
        // "sent per action   8.61 packets in 7.40 messages, 118.8 bytes   8.50 packets in …": one figure for each.
        #expect(perAction.components(separatedBy: " packets in ").count == 3, "\(perAction)")
        let cards = try #require(lines.first { $0.hasPrefix("52 cards at every table") })
        #expect(cards.components(separatedBy: "yes (checked at 1 mirror table)").count == 3, "\(cards)")
        #expect(lines.contains("Snap! ÷ floor"))
    }

    @Test(.startsPrograms) func loadCanTargetARunningServer() async throws {
        let server = try await SnapBinary.startServer(["--speed", "10", "--log-level", "error"])
        defer { server.stop() }
        let object = try await json(["load", "--url", "ws://127.0.0.1:\(server.port)/ws"] + Self.shortRun)
        expectASoundRun(object, server: "snap", ownServer: false)
        // Not our process: its memory and CPU are not ours to read, and say so with null.
        for key in ["server_rss_bytes_idle", "server_rss_bytes_loaded", "rss_bytes_per_connection",
                    "server_cpu_seconds_per_second"] {
            #expect(object[key] is NSNull, "\(key) should be null")
        }
    }

    @Test(.startsPrograms) func theFloorRunsAloneAndCanBeLoadedByAddress() async throws {
        expectASoundRun(try await json(["baseline"] + Self.shortRun), server: "floor")
        let floor = try await SnapBinary.startBackground(
            ["floor-server", "--port", "0", "--speed", "10"], executable: SnapBinary.benchURL)
        defer { floor.stop() }
        #expect(floor.banner.contains("Floor server listening on ws://127.0.0.1:"))
        let object = try await json(["baseline", "--url", "ws://127.0.0.1:\(floor.port)/ws"] + Self.shortRun)
        expectASoundRun(object, server: "floor", ownServer: false)
    }

    @Test func twoGeneratorProcessesShareTheBotsAndTheirFiguresAddUp() async throws {
        // Table 0 (the mirror) and table 2 in one child, table 1 in the other: 8 + 4 connections.
        let object = try await json(["load", "--generators", "2"] + Self.shortRun)
        expectASoundRun(object, server: "snap", generators: 2)
        #expect((object["generator_cpu_seconds_per_second"] as? Double ?? 0) > 0, "the children's CPU was counted")
        let floor = try await json(["baseline", "--generators", "2"] + Self.shortRun)
        expectASoundRun(floor, server: "floor", generators: 2)
    }

    @Test func everyTableCanBeAMirrorTable() async throws {
        let object = try await json(["load", "--mirror-every", "1"] + Self.shortRun)
        #expect(object["mirror_tables"] as? Int == 3)
        #expect(object["cards_conserved"] as? Bool == true)
        #expect(object["protocol_errors"] as? Int == 0)
    }

    @Test(arguments: [
        (["--mirror-every", "0"], "--mirror-every must be between 1 and 10000"),
        (["--generators", "0"], "--generators must be between 1 and 16"),
        (["--generators", "17"], "--generators must be between 1 and 16"),
        (["--tables", "3", "--generators", "4"], "--generators (4) cannot be more than --tables (3)"),
        (["--players", "5"], "--players must be 2, 3 or 4"),
        (["--tables", "0"], "--tables must be between 1 and 10000"),
        (["--tables", "10001"], "--tables must be between 1 and 10000"),
        (["--baseline", "--url", "ws://127.0.0.1:9/ws"], "--baseline compares with a floor server started here"),
        (["--baseline", "--pairs", "0"], "--pairs must be between 1 and 10"),
        (["--baseline", "--pairs", "11"], "--pairs must be between 1 and 10"),
        (["--pairs", "2"], "--pairs alternates Snap! with the floor, so it needs --baseline"),
        (["--duration", "0"], "--duration must be between 1 and 86400"),
        (["--ramp=-1"], "--ramp must be between 0 and 3600"),
        (["--speed", "0"], "--speed must be a number above 0"),
        (["--url", "http://example.com"], "--url must be a WebSocket address"),
        (["--tables", "6000"], "file descriptors"),
    ])
    func badFlagsGetAClearMessageAndAFailingExit(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.bench(["load", "--duration", "1"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}

/// The environment settings for measuring are checked like flags.
@Suite struct PerformanceSettingsTests {
    @Test(arguments: [
        (["SNAP_EVENT_LOOPS": "many"], "SNAP_EVENT_LOOPS must be a whole number from 1 to 256"),
        (["SNAP_EVENT_LOOPS": "0"], "SNAP_EVENT_LOOPS must be a whole number from 1 to 256"),
        (["SNAP_EXECUTOR": "fast"], "SNAP_EXECUTOR must be swift (the default) or nio"),
    ])
    func badSettingsGetAClearMessageAndAFailingExit(environment: [String: String], message: String) async throws {
        let result = try await SnapBinary.run(["simulate", "--games", "1"], environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test(arguments: [["SNAP_EXECUTOR": "nio"], ["SNAP_EXECUTOR": "swift", "SNAP_EVENT_LOOPS": "1"]])
    func goodSettingsRunAsUsual(environment: [String: String]) async throws {
        let result = try await SnapBinary.bench(["load"] + LoadBenchCommandTests.shortRun, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"cards_conserved\":true"))
    }
}
