import Foundation
import SnapTestSupport
import Testing

/// `snap-bench engine` end to end, with a few rounds: that it runs and its figures hang together, never how fast.
@Suite struct EngineBenchCommandTests {
    static let requiredKeys = [
        "build", "rounds", "players", "seed", "difficulty", "warm_up_rounds", "rounds_finished", "rounds_capped",
        "rounds_stuck", "turns", "calls", "calls_correct", "calls_wrong", "calls_too_late", "cards_conserved",
        "wall_seconds", "turns_per_second", "calls_per_second", "rounds_per_second", "allocations_measured",
        "allocations", "allocated_bytes", "allocations_per_turn", "allocated_bytes_per_turn", "allocations_in_play",
        "allocated_bytes_in_play", "allocations_note",
    ]

    /// Whether this build put the malloc interposer beside `snap-bench`, as `swift build` does.
    static var interposerBuilt: Bool {
        FileManager.default.fileExists(
            atPath: SnapBinary.benchURL.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so")
                .path)
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await SnapBinary.bench(["engine", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.jsonObject()
    }

    @Test func jsonFiguresAreCompleteAndHangTogether() async throws {
        let object = try await json(["--rounds", "3", "--players", "3", "--seed", "5", "--warm-up", "1"])
        for key in Self.requiredKeys { #expect(object.keys.contains(key), "missing \(key)") }
        #expect(object["rounds"] as? Int == 3)
        #expect(object["players"] as? Int == 3)
        #expect(object["warm_up_rounds"] as? Int == 1)
        #expect(object["rounds_finished"] as? Int == 3)
        #expect(object["cards_conserved"] as? Bool == true)
        let turns = try #require(object["turns"] as? Int)
        let calls = try #require(object["calls"] as? Int)
        #expect(turns > 0 && calls > 0)
        let parts = ["calls_correct", "calls_wrong", "calls_too_late"].compactMap { object[$0] as? Int }
        #expect(parts.count == 3 && parts.reduce(0, +) == calls)
        let wall = try #require(object["wall_seconds"] as? Double)
        #expect(wall > 0)
        for (key, count) in [("turns_per_second", turns), ("calls_per_second", calls), ("rounds_per_second", 3)] {
            let rate = try #require(object[key] as? Double, "\(key)")
            #expect(abs(rate * wall - Double(count)) <= 1e-6 * Double(count) + 1e-9, "\(key)")
        }

        let measured = try #require(object["allocations_measured"] as? Bool)
        #expect(measured == Self.interposerBuilt, "\(object["allocations_note"] ?? "")")
        if measured {
            let allocations = try #require(object["allocations"] as? Int)
            let perTurn = try #require(object["allocations_per_turn"] as? Double)
            let bytesPerTurn = try #require(object["allocated_bytes_per_turn"] as? Double)
            #expect(allocations > 0 && perTurn > 0 && bytesPerTurn >= perTurn)
            #expect(abs(perTurn * Double(turns) - Double(allocations)) < 1e-6 * Double(allocations))
            // Play is part of the rounds (dealing is the rest). A debug build allocates in play; a release build
            // allocates nothing there (docs/PERFORMANCE.md), which only a release build can show.
            let inPlay = try #require(object["allocations_in_play"] as? Int)
            #expect(inPlay >= 0 && inPlay <= allocations)
            #expect(object["allocations_note"] is NSNull)
        } else {
            #expect(object["allocations_per_turn"] is NSNull && object["allocations_in_play"] is NSNull)
            #expect((object["allocations_note"] as? String)?.contains("swift build") == true)
        }
    }

    @Test func withoutAllocationsItSaysTheyWereNotMeasured() async throws {
        let object = try await json(["--rounds", "1", "--players", "2", "--no-allocations"])
        #expect(object["allocations_measured"] as? Bool == false)
        #expect(object["allocations"] is NSNull && object["allocations_per_turn"] is NSNull)
        #expect((object["allocations_note"] as? String)?.contains("--no-allocations") == true)
    }

    @Test func aMissingInterposerIsReportedNotFatal() async throws {
        // The same snap-bench in a folder of its own (a hard link, beside the build's products) has no interposer
        // beside it.
        let folder = SnapBinary.benchURL.deletingLastPathComponent().appendingPathComponent("engine-bench-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("snap-bench")
        do {
            try FileManager.default.linkItem(at: SnapBinary.benchURL, to: copy)
        } catch {
            try FileManager.default.copyItem(at: SnapBinary.benchURL, to: copy)
        }
        let result = try await SnapBinary.run(["engine", "--rounds", "1", "--players", "2", "--json"], executable: copy)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try result.jsonObject()
        #expect(object["allocations_measured"] as? Bool == false)
        let note = try #require(object["allocations_note"] as? String)
        #expect(note.contains("libMallocInterposerSwift.so") && note.contains("swift build"), "\(note)")
    }

    @Test func theTableNamesEveryFigure() async throws {
        let result = try await SnapBinary.bench(["engine", "--rounds", "2", "--players", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        for label in [
            "rounds", "warm-up", "build", "turns", "calls", "cards conserved", "wall time", "turns/s",
            "calls/s", "rounds/s", "allocations/turn",
        ] {
            #expect(result.stdout.contains(label), "missing \(label)")
        }
    }

    @Test(arguments: [
        (["--rounds", "0"], "--rounds must be between 1 and 1000000"),
        (["--rounds", "-5"], "--rounds must be between 1 and 1000000"),
        (["--rounds", "many"], "--rounds"),
        (["--players", "1"], "--players must be 2, 3 or 4"),
        (["--players", "5"], "--players must be 2, 3 or 4"),
        (["--warm-up", "-1"], "--warm-up must be between 0 and 100000"),
        (["--seed", "-3"], "--seed"),
        (["--difficulty", "insane"], "easy"),
        (["--frobnicate"], "Unknown option"),
    ])
    func badFlagsGetAClearMessageAndAFailingExit(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.bench(["engine"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
