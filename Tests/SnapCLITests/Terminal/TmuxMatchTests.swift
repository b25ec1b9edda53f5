import Foundation
import Testing

/// The end of a round for real in tmux: the host's keys reach `snap host` (c adds a computer player, Enter starts
/// the first round), the round ends and its winner stays on the screen through an Enter, and n starts the next.
///
/// What the screen shows around a match, and which key starts a round when, is the terminal's own logic and is
/// checked in process, on made-up time (`NetworkSessionTests`, `TableScreenTests`).
@Suite(.startsPrograms) struct TmuxMatchTests {
    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func theWinnerShowsAndEnterAfterTheRoundDoesNotStartTheNext() async throws {
        // A quick round of 3 minutes at speed 60 is 3 s; the turn timer turns for the idle host.
        let port = try TmuxNetworkTests.freePort()
        let host = try await SnapPane(arguments: "host --name Ann --port \(port) --speed 60 --round 3")
        defer { host.close() }
        try await host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        try await host.send("c")
        let waiting = try await host.waitFor("a computer player") { $0.contains("Ray") && $0.contains("Enter starts the round") }
        #expect(!waiting.contains("Round 1"))
        // In the waiting room, before any round, Enter starts the first.
        try await host.send("Enter")
        try await host.waitFor("round 1") { $0.contains("Round 1") }
        // The idle host can win too ("You win the round!"), when the computer player's wrong calls cost it cards.
        let end = try await host.waitFor("the round to end", timeout: 90, SnapPane.showsTheRoundsResult)
        #expect(end.contains("Press n for the next round"), "\(end)")
        #expect(end.contains("n starts the next round"), "\(end)")

        // Enter, as if pressed for a last card: the winner stays, and the screen says which key starts a round.
        try await host.send("Enter")
        let after = try await host.waitFor("the hint") { $0.contains("The round is over: press n for the next one.") }
        #expect(after.contains("Round 1") && !after.contains("Round 2"))
        #expect(SnapPane.showsTheRoundsResult(after), "\(after)")
        try await host.send("n")
        try await host.waitFor("round 2") { $0.contains("Round 2") }
    }
}
