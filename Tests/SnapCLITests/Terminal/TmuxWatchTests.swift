import Foundation
import SnapTestSupport
import Testing

/// `snap watch` for real: a host in one tmux pane, a watcher in another who sees the table from no seat, the
/// host seeing "1 watching", and q leaving at once.
@Suite(.startsPrograms) struct TmuxWatchTests {
    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aWatcherFollowsTheTableFromNoSeatAndLeavesWithQ() async throws {
        let port = try TmuxNetworkTests.freePort()
        let host = try await SnapPane(arguments: "host --name Ann --port \(port) --speed 4")
        defer { host.close() }
        let waiting = try await host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        let code = try #require(waiting.firstMatch(of: /Table ([A-HJ-NP-Z]{4})/)?.1)
        try await host.send("c")
        try await host.waitFor("a computer player") { $0.contains("Ray") && $0.contains("2 of 4 seated") }

        // The address as `snap join` takes it, without ws://.
        let watcher = try await SnapPane(arguments: "watch 127.0.0.1:\(port) \(code.lowercased())")
        defer { watcher.close() }
        let watched = try await watcher.waitFor("the watcher's table") {
            $0.contains("Snap! · watching") && $0.contains("Ann") && $0.contains("Ray") && $0.contains("1 watching")
        }
        #expect(!watched.contains("(you)"), "a watcher has no seat: \(watched)")
        #expect(watched.contains("stop watching") && !watched.contains("Snap!   "), "only q is offered: \(watched)")
        try await host.waitFor("the count at the host") { $0.contains("1 watching") }

        // Keys that would play do nothing for a watcher.
        try await watcher.send("Enter")
        try await watcher.waitFor("the reminder") { $0.contains("You are watching: f network times, q leaves.") }
        try await host.send("Enter")
        try await watcher.waitFor("the round, watched") { $0.contains("Round 1") }
        try await watcher.send(" ")
        try await watcher.send("q")
        let after = try await watcher.waitFor("the watcher to exit") { $0.contains("snap exited with") }
        #expect(after.contains("Stopped watching table \(code)."), "\(after)")
        #expect(after.contains("snap exited with 0"))
        #expect(after.contains("terminal modes restored"))
        try await host.waitFor("the count gone at the host") { !$0.contains("watching") }
        try await host.send("q")
        try await host.send("y")
        try await host.waitFor("the host to exit") { $0.contains("snap exited with") }
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func watchingAnUnknownTableSaysSo() async throws {
        let port = try TmuxNetworkTests.freePort()
        let host = try await SnapPane(arguments: "host --name Ann --port \(port) --speed 4")
        defer { host.close() }
        try await host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        let watcher = try await SnapPane(arguments: "watch ws://127.0.0.1:\(port) ZZZZ")
        defer { watcher.close() }
        try await watcher.waitFor("the refusal") { $0.contains("snap exited with") }
        let after = try await watcher.captureJoined()
        #expect(after.contains("Could not watch table ZZZZ: There is no open table with that code."), "\(after)")
        #expect(after.contains("snap exited with 1"))
        try await host.send("q")
        try await host.send("y")
    }
}
