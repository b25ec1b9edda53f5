import Foundation
import SnapTestSupport
import Testing

/// `snap-bench soak` and `snap-bench flood` run end to end: a real server process, real honest and misbehaving
/// clients, a few seconds. The invariants and the report's keys are checked, never a timing.
@Suite struct SoakBenchCommandTests {
    static let kinds = ["garbage", "oversized", "bad_frames", "flooder", "non_reader", "slow_reader", "silent"]

    func json(_ arguments: [String]) async throws -> (status: Int32, object: [String: Any], stderr: String) {
        let result = try await SnapBinary.bench(arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result.status, object, result.stderr)
    }

    @Test func aShortSoakHoldsItsInvariantsAndReportsEveryKey() async throws {
        // Five seconds (two of warm-up, a sample a second) and a grace of one second, after which the soak counts
        // what the bots left: the 60-second soak is scripts/test's.
        let (status, object, stderr) = try await json(["soak", "--duration", "5", "--grace", "1", "--json"])
        let failures = object["failures"] as? [String] ?? ["no failures key"]
        #expect(status == 0, "failures: \(failures); stderr: \(stderr)")
        for key in [
            "duration_seconds", "warm_up_seconds", "sample_interval_seconds", "tables", "players", "speed", "seed",
            "passed", "failures", "honest_protocol_errors", "tables_not_conserved", "server_card_conservation_failures",
            "limit_closes", "honest", "hostile", "idle", "samples", "after_everyone_left", "flatness",
        ] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["passed"] as? Bool == true)
        #expect(failures.isEmpty)
        #expect(object["honest_protocol_errors"] as? Int == 0)
        #expect(object["tables_not_conserved"] as? Int == 0)
        #expect(object["server_card_conservation_failures"] as? Int == 0)

        let honest = object["honest"] as? [String: Any] ?? [:]
        #expect((honest["sign_ins"] as? Int ?? 0) >= 40, "ten tables of four signed in")
        #expect((honest["actions"] as? Int ?? 0) > 0, "the honest bots played")
        #expect((honest["conservation_checks"] as? Int ?? 0) > 0)
        #expect(honest["protocol_error_kinds"] as? [String: Int] == [:])

        let hostile = object["hostile"] as? [String: [String: Any]] ?? [:]
        #expect(Set(hostile.keys) == Set(Self.kinds))
        for kind in Self.kinds {
            #expect((hostile[kind]?["episodes"] as? Int ?? 0) >= 1, "\(kind) connected")
            for key in [
                "requests_sent", "closed_by_server", "not_closed", "interrupted", "errors_received", "close_frames",
            ] {
                #expect(hostile[kind]?[key] != nil, "\(kind) lacks \(key)")
            }
        }
        let closes = object["limit_closes"] as? [String: Int] ?? [:]
        #expect(closes.values.reduce(0, +) > 0, "the server closed some misbehaving client")

        let samples = object["samples"] as? [[String: Any]] ?? []
        #expect(samples.count >= 2)
        for sample in samples {
            for key in ["seconds", "rss_bytes", "descriptors", "tables", "connections"] { #expect(sample[key] != nil) }
            #expect((sample["rss_bytes"] as? Int ?? 0) > 0)
        }
        let flatness = object["flatness"] as? [String: Any] ?? [:]
        #expect(flatness["memory_flat"] as? Bool == true)
        #expect(flatness["descriptors_flat"] as? Bool == true)
        let after = object["after_everyone_left"] as? [String: Any] ?? [:]
        #expect(after["connections"] as? Int == 0, "every connection was closed once the bots had gone")
    }

    @Test func theTableShowsTheSeriesAndTheVerdictAndTheSVGIsDrawn() async throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let result = try await SnapBinary.bench(
            ["soak", "--duration", "4", "--tables", "2", "--no-hostile", "--grace", "0", "--svg", svg.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        for text in [
            "The server, every", "RSS MiB", "connections", "Honest bots", "protocol errors", "Memory:", "PASSED",
        ] {
            #expect(result.stdout.contains(text), "missing \(text) in \(result.stdout)")
        }
        #expect(!result.stdout.contains("Misbehaving clients"))
        let picture = try String(contentsOf: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg"))
        #expect(picture.components(separatedBy: "<polyline").count == 5, "four series")
    }

    @Test func aFloodReportsItsRequestsTheServersMemoryAndHowItEnded() async throws {
        let (status, object, stderr) = try await json(["flood", "--seconds", "2", "--settle", "1", "--json"])
        #expect(status == 0, "\(stderr)")
        for key in [
            "flood_seconds", "settle_seconds", "requests_sent", "requests_per_second", "requests_read_by_server",
            "server_rss_bytes_before",
            "server_rss_bytes_after_flood", "server_rss_bytes_after_client_gone", "server_rss_bytes_peak",
            "server_connections_after_client_gone", "frames_per_write", "ending",
            "closed_after_seconds", "close_code", "close_reason", "samples",
        ] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let sent = object["requests_sent"] as? Int ?? 0
        #expect(sent > 0)
        let read = object["requests_read_by_server"] as? Int ?? -1
        #expect(read >= 0 && read <= sent, "the server read \(read) of \(sent)")
        let before = object["server_rss_bytes_before"] as? Int ?? 0
        #expect(before > 0)
        #expect((object["server_rss_bytes_peak"] as? Int ?? 0) >= before)
        let ending = object["ending"] as? String ?? ""
        #expect(["close_frame", "reset", "closed_without_close_frame", "not_closed"].contains(ending))
        if ending == "not_closed" { #expect(object["closed_after_seconds"] is NSNull) }
        let samples = object["samples"] as? [[String: Any]] ?? []
        #expect(samples.count >= 2)
        let requests = samples.compactMap { $0["requests_sent"] as? Int }
        #expect(requests == requests.sorted(), "requests only ever add up")
    }

    @Test(arguments: [
        (["soak", "--duration", "1"], "--duration must be between 2 seconds and 24 hours"),
        (["soak", "--duration", "soon"], "--duration"),
        (["soak", "--players", "5"], "--players must be 2, 3 or 4"),
        (["soak", "--duration", "10", "--warm-up", "10"], "--warm-up must be shorter than --duration"),
        (["soak", "--sample-every", "0.1"], "--sample-every must be from 0.5 seconds"),
        (["soak", "--grace=-1"], "--grace must be between 0 and 3600 seconds"),
        (["flood", "--seconds", "0"], "--seconds must be between 1 and 3600"),
        (["flood", "--frames-per-write", "0"], "--frames-per-write must be between 1 and 4096"),
    ])
    func badFlagsGetAClearMessageAndAFailingExit(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.bench(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}
