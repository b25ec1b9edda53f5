import Foundation
import SnapClient
import SnapCore
import SnapTestSupport
import Testing

/// What the terminal shows around a match and the end of a round, for real in tmux: nothing gives a match away
/// before a call is judged, and the key that turns does not start the next round over the winner.
@Suite(.blocking) struct TmuxMatchTests {
    /// Whether `screen` shows anything of a match: a doubly framed card or the word.
    static func showsAMatch(_ screen: String) -> Bool {
        screen.contains("╔") || screen.contains("Match")
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aMatchIsShownOnlyOnceACallIsJudged() async throws {
        // A seeded server shuffles the same deck every time; with no turn timer and nobody calling, a match stays on
        // the table until the next card is turned.
        let server = try SnapBinary.startServer(["--seed", "6", "--round", "classic", "--turn-time", "off"])
        defer { server.stop() }
        let url = "ws://127.0.0.1:\(server.port)/ws"
        let bob = try await SnapClient.connect(to: url, name: "Bob")
        _ = try await bob.sitDown(at: nil)
        let code = try #require(await bob.tableCode)

        let ann = try TmuxSoloTests.SnapPane(
            arguments: "join ws://127.0.0.1:\(server.port) --table \(code) --name Ann",
            environment: ["XDG_STATE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("snap-state-\(UUID().uuidString)").path])
        defer { ann.close() }
        try ann.waitFor("Ann at the table") { $0.contains("Ann (you)") && $0.contains("Bob") }
        let watcher = try TmuxSoloTests.SnapPane(arguments: "watch ws://127.0.0.1:\(server.port) \(code)")
        defer { watcher.close() }
        try watcher.waitFor("the watcher's table") { $0.contains("Snap! · watching") && $0.contains("Ann") }

        await bob.startRound()
        #expect(await Patience.wait { await bob.view?.phase == .playing }, "the deal ends")
        let annSeat = try #require(await bob.view.flatMap { view in view.occupiedSeats.first { view[$0]?.info.name == "Ann" } })

        // Turn, Bob by his client and Ann by her Enter, until two top cards match.
        var turns = 0
        while await bob.view?.matchingSeats.isEmpty ?? false, turns < 200 {
            let view = try #require(await bob.view)
            let active = try #require(view.active)
            if active == annSeat {
                try ann.waitFor("Ann's turn") { $0.contains("Your turn: press Enter") }
                try ann.send("Enter")
            } else {
                await bob.turnCard()
            }
            turns += 1
            // The card lands, and the table activates the next player (or the match stands).
            #expect(await Patience.wait {
                guard let now = await bob.view else { return false }
                return !now.matchingSeats.isEmpty || (now.active != nil && now.active != active && !now.hasTurned)
            })
        }
        let matching = try #require(await bob.view?.matchingSeats)
        try #require(matching.count >= 2, "a match came up within \(turns) turns")
        let top = try #require(await bob.view?[matching[0]]?.topOpen).description

        // Both terminals show the matching cards, plainly framed, and no word of a match.
        for (pane, who) in [(ann, "Ann"), (watcher, "the watcher")] {
            let screen = try pane.waitFor("\(who)'s screen with the match, \(top), on the table") { $0.contains(top) }
            #expect(!Self.showsAMatch(screen), "\(who) sees the match given away:\n\(screen)")
        }

        // Bob calls: judged correct, the cards are framed doubly and the word comes, for everyone.
        await bob.callSnap()
        for (pane, who) in [(ann, "Ann"), (watcher, "the watcher")] {
            let screen = try pane.waitFor("\(who)'s screen after the call") { $0.contains("«Snap!» ☺") }
            #expect(screen.contains("╔═══╗") && screen.contains("*** Match! *** Bob receives cards"), "\(who):\n\(screen)")
        }
        await bob.disconnect()
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func theWinnerShowsAndEnterAfterTheRoundDoesNotStartTheNext() throws {
        // A quick round of 3 minutes at speed 12 is 15 s; the turn timer turns for the idle host.
        let port = try TmuxNetworkTests.freePort()
        let host = try TmuxSoloTests.SnapPane(arguments: "host --name Ann --port \(port) --speed 12 --round 3")
        defer { host.close() }
        try host.waitFor("the waiting room") { $0.contains("1 of 4 seated") }
        try host.send("c")
        let waiting = try host.waitFor("a computer player") { $0.contains("Ray") && $0.contains("Enter starts the round") }
        #expect(!waiting.contains("Round 1"))
        // In the waiting room, before any round, Enter starts the first.
        try host.send("Enter")
        try host.waitFor("round 1") { $0.contains("Round 1") }
        let end = try host.waitFor("the round to end", timeout: 90) { $0.contains("Winner") || $0.contains("nobody won") }
        #expect(end.contains("Press n for the next round"), "\(end)")
        #expect(end.contains("n starts the next round"), "\(end)")

        // Enter, as if pressed for a last card: the winner stays, and the screen says which key starts a round.
        try host.send("Enter")
        let after = try host.waitFor("the hint") { $0.contains("The round is over: press n for the next one.") }
        #expect(after.contains("Round 1") && !after.contains("Round 2"))
        #expect(after.contains("Winner") || after.contains("nobody won"), "\(after)")
        try host.send("n")
        try host.waitFor("round 2") { $0.contains("Round 2") }
    }
}
