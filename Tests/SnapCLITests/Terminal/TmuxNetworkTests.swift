import Foundation
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snap host` and `snap join` for real: two tmux panes, one server, a round started by the host and
/// the server's goodbye reaching the guest.
@Suite(.startsPrograms) struct TmuxNetworkTests {
    /// A port nobody listens on right now.
    static func freePort() throws -> Int {
        try LoopbackPort.free()
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aHostAndAGuestPlayTogetherUntilTheHostCloses() async throws {
        let port = try Self.freePort()
        let host = try await SnapPane(arguments: "host --name Ann --port \(port) --speed 4")
        defer { host.close() }
        let waiting = try await host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        #expect(waiting.contains("snap join ws://"))
        let code = try #require(waiting.firstMatch(of: /Table ([A-HJ-NP-Z]{4})/)?.1)

        let guest = try await SnapPane(arguments: "join ws://127.0.0.1:\(port) --table \(code) --name Bob")
        defer { guest.close() }
        try await guest.waitFor("the guest's table") { $0.contains("Bob (you)") && $0.contains("Ann") }
        try await host.waitFor("the guest at the host's table") { $0.contains("Bob") && $0.contains("2 of 4 seated") }

        try await host.send("c")
        try await guest.waitFor("a computer player") { $0.contains("Ray") }
        try await host.send("Enter")
        try await host.waitFor("the round") { $0.contains("Round 1") }
        try await guest.waitFor("the round at the guest") { $0.contains("Round 1") }

        try await host.send("q")
        try await host.waitFor("the quit prompt") { $0.contains("Quit") }
        try await host.send("y")
        let hostAfter = try await host.waitFor("the host to exit") { $0.contains("snap exited with") }
        #expect(hostAfter.contains("snap exited with 0"))
        #expect(hostAfter.contains("terminal modes restored"))
        try await guest.waitFor("the goodbye") { $0.contains("The server shut down.") }
        try await guest.send("x")
        let guestAfter = try await guest.waitFor("the guest to exit") { $0.contains("snap exited with") }
        #expect(guestAfter.contains("snap exited with 0"))
        #expect(guestAfter.contains("terminal modes restored"))
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func theHostGivesAHeadStartLocksTheTableAndRemovesAGuest() async throws {
        let port = try Self.freePort()
        let host = try await SnapPane(arguments: "host --name Ann --port \(port)")
        defer { host.close() }
        let waiting = try await host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        let code = try #require(waiting.firstMatch(of: /Table ([A-HJ-NP-Z]{4})/)?.1)
        // The table's link, as its QR code says: the server and the table in one.
        let guest = try await SnapPane(arguments: "join 'http://127.0.0.1:\(port)/?t=\(code.lowercased())' --name Bob")
        defer { guest.close() }
        try await host.waitFor("the guest at the host's table") { $0.contains("Bob") && $0.contains("2 of 4 seated") }

        // 3 is the top seat: Bob's head start, seen on his own screen.
        try await host.send("3")
        try await guest.waitFor("Bob's head start") { $0.contains("Bob (you)  +100 ms") }
        try await host.send("l")
        try await host.waitFor("the lock said") { $0.contains("Table locked") }

        try await host.send("x")
        try await host.waitFor("the question") { $0.contains("Remove which player?") && $0.contains("3 Bob") }
        try await host.send("3")
        try await guest.waitFor("Bob told why") { $0.contains("The host removed you from the table.") }
        try await host.waitFor("Bob gone") { $0.contains("1 of 4 seated") }
        try await guest.send("x")
        let guestAfter = try await guest.waitFor("the guest to exit") { $0.contains("snap exited with") }
        #expect(guestAfter.contains("snap exited with 0"))
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func joiningANonexistentServerSaysSoClearly() async throws {
        let port = try Self.freePort()
        let pane = try await SnapPane(arguments: "join ws://127.0.0.1:\(port) --table KXPT --name Bob")
        defer { pane.close() }
        try await pane.waitFor("the error") { $0.contains("snap exited with") }
        let screen = try await pane.captureJoined()
        let message = "Error: Nothing is listening at 127.0.0.1:\(port). Is `snap` running there? Check the address and the port."
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.contains(message), "\(screen)")
        #expect(lines.contains("snap exited with 1"), "\(screen)")
        #expect(lines.count == 4, "before snap, the one line of error, the modes and the status: \(screen)")
    }
}
