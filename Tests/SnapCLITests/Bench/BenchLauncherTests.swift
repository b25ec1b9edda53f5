import Foundation
import SnapTestSupport
import Testing

/// `snap bench …` runs `snap-bench …` beside it with the same arguments, and says how to build it when it is not
/// there.
@Suite struct BenchLauncherTests {
    @Test func snapBenchRunsTheBenchWithTheSameArgumentsAndTheSameJSON() async throws {
        let arguments = ["engine", "--rounds", "1", "--players", "2", "--seed", "4", "--no-allocations", "--json"]
        let launched = try await SnapBinary.run(["bench"] + arguments)
        #expect(launched.status == 0, "\(launched.stderr)")
        let direct = try await SnapBinary.bench(arguments)
        #expect(direct.status == 0, "\(direct.stderr)")
        let launchedObject = try launched.jsonObject()
        let directObject = try direct.jsonObject()
        #expect(Set(launchedObject.keys) == Set(directObject.keys))
        #expect(launchedObject["turns"] as? Int == directObject["turns"] as? Int, "the same seed plays the same rounds")
    }

    @Test func helpIsTheBenchsOwn() async throws {
        let result = try await SnapBinary.run(["bench", "soak", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("--duration") && result.stdout.contains("--no-hostile"), "\(result.stdout)")
        let list = try await SnapBinary.run(["bench", "--help"])
        for command in ["load", "soak", "flood", "fairness", "failover", "engine", "store"] {
            #expect(list.stdout.contains(command), "missing \(command)")
        }
    }

    @Test func aRefusalKeepsTheBenchsMessageAndStatus() async throws {
        let result = try await SnapBinary.run(["bench", "load", "--tables", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--tables must be between 1 and 10000"), "\(result.stderr)")
    }

    @Test func withoutTheBenchItSaysHowToBuildIt() async throws {
        // The same snap in a folder of its own (a hard link, beside the build's products) has no snap-bench beside it.
        let folder = SnapBinary.url.deletingLastPathComponent().appendingPathComponent("bench-launcher-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("snap")
        do {
            try FileManager.default.linkItem(at: SnapBinary.url, to: copy)
        } catch {
            try FileManager.default.copyItem(at: SnapBinary.url, to: copy)
        }
        let result = try await SnapBinary.run(["bench", "soak"], executable: copy)
        #expect(result.status != 0)
        #expect(result.stderr.contains("swift build --product snap-bench"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
