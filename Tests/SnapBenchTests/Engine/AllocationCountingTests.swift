import Foundation
import Testing

@testable import SnapBench

@Suite struct AllocationCountingTests {
    let snap = URL(fileURLWithPath: "/opt/snap/bin/snap")

    @Test func nothingLinksTheInterposerIntoThisProcess() {
        // The interposer is only ever preloaded into the counting child; a test process that had it would mean
        // something links it, and the server would pay for it too.
        #expect(AllocationCounter.inThisProcess() == nil)
    }

    @Test func theLibraryIsLookedForBesideTheExecutable() {
        #expect(AllocationCountingChild.library(beside: snap).path == "/opt/snap/bin/libMallocInterposerSwift.so")
    }

    @Test func theChildIsMarkedAndPreloadsTheInterposerFirst() {
        let library = AllocationCountingChild.library(beside: snap)
        let plain = AllocationCountingChild.environment(inheriting: ["HOME": "/root"], preloading: library)
        #expect(
            plain == [
                "HOME": "/root", "SNAP_BENCH_COUNT_ALLOCATIONS": "1",
                "LD_PRELOAD": "/opt/snap/bin/libMallocInterposerSwift.so",
            ])
        let preloading = AllocationCountingChild.environment(
            inheriting: ["LD_PRELOAD": "libother.so"], preloading: library)
        #expect(preloading["LD_PRELOAD"] == "/opt/snap/bin/libMallocInterposerSwift.so:libother.so")
        let blank = AllocationCountingChild.environment(inheriting: ["LD_PRELOAD": " "], preloading: library)
        #expect(blank["LD_PRELOAD"] == "/opt/snap/bin/libMallocInterposerSwift.so")
    }

    @Test func theChildsLineReadsBack() throws {
        let output = AllocationCountingChild.Output(
            turns: 1_234, rounds: 5, allocations: AllocationCount(allocations: 9_876, bytes: 123_456, frees: 9_870),
            inPlay: AllocationCount(allocations: 0, bytes: 0, frees: 12))
        #expect(try AllocationCountingChild.parse(stdout: "\(try output.line())\n") == output)
        #expect(try AllocationCountingChild.parse(stdout: "a warning first\n\(try output.line())\n\n") == output)
    }

    @Test(arguments: ["", "\n", "Segmentation fault\n", "{\"turns\": 3}\n"])
    func anythingElseThanCountsIsAnError(stdout: String) {
        #expect(throws: AllocationCountingError.unreadableOutput(stdout)) {
            try AllocationCountingChild.parse(stdout: stdout)
        }
    }

    @Test func aMissingLibrarySaysHowToGetIt() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir-\(UUID())/snap")
        let error = #expect(throws: AllocationCountingError.self) {
            try AllocationCountingChild.run(executable: missing, arguments: [])
        }
        #expect(error == .libraryMissing(AllocationCountingChild.library(beside: missing).path))
        #expect(error?.description.contains("swift build") == true)
    }
}
