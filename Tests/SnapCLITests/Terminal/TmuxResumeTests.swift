import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `snap join` whose terminal closes mid-round, run again while the server keeps the seat: it takes its seat and
/// cards back with the token it kept on disk, and the others see a drop and a return, never a leave.
@Suite(.startsPrograms) struct TmuxResumeTests {
    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aJoinWhoseTerminalClosedMidRoundGetsItsSeatAndCardsBackWhenRunAgain() async throws {
        // A classic round with no turn timer: nothing moves Bob's cards while he is away, so they can be compared.
        // The grace period is the default's twice over, for a busy machine starting a second snap.
        let server = try await SnapBinary.startServer(["--round", "classic", "--turn-time", "off", "--grace", "60"])
        defer { server.stop() }
        let url = "ws://127.0.0.1:\(server.port)/ws"
        let ann = try await SnapClient.connect(to: url, name: "Ann")
        let log = await ClientUpdateLog.keeping(ann)
        _ = try await ann.sitDown(at: nil)
        let code = try #require(await ann.tableCode)

        let state = FileManager.default.temporaryDirectory.appendingPathComponent("snap-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let join = "join ws://127.0.0.1:\(server.port) --table \(code) --name Bob"
        let bob = try await SnapPane(arguments: join, environment: ["XDG_STATE_HOME": state.path])
        defer { bob.close() }
        try await bob.waitFor("Bob at the table") { $0.contains("Bob (you)") && $0.contains("Ann") }
        let kept = state.appendingPathComponent("snap/seats.json")
        let permissions = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600, "the token is for its owner's eyes only")

        // The round, and a card turned by each, so that there is something on the table to get back.
        await ann.startRound()
        #expect(await Patience.wait { await ann.view?.phase == .playing }, "the deal ends")
        let dealt = try #require(await ann.view)
        let bobSeat = try #require(dealt.occupiedSeats.first { dealt[$0]?.info.name == "Bob" })
        for _ in 0..<2 {
            let turned = await ann.view?.active
            if turned == bobSeat {
                try await bob.waitFor("Bob's turn") { $0.contains("Your turn: press Enter") }
                try await bob.send("Enter")
            } else {
                await ann.turnCard()
            }
            #expect(await Patience.wait { await ann.view?.active != turned }, "the next player is activated")
        }
        let before = try #require(await ann.view?[bobSeat])
        #expect(before.open.count == 1)

        // The terminal closes: SIGHUP, as a closed window sends, and no goodbye.
        #expect(kill(try bob.snapProcess(), SIGHUP) == 0)
        try await bob.waitFor("the first snap join to end") { $0.contains("snap exited with") }
        #expect(await log.waitFor { if case .playerConnection(bobSeat, connected: false) = $0 { true } else { false } })

        // The same command again, in a new terminal.
        let again = try await SnapPane(arguments: join, environment: ["XDG_STATE_HOME": state.path])
        defer { again.close() }
        try await again.waitFor("Bob back in his seat") { $0.contains("Bob (you)") && $0.contains("Round 1") }
        #expect(await log.waitFor { if case .playerConnection(bobSeat, connected: true) = $0 { true } else { false } })
        let after = try #require(await ann.view?[bobSeat])
        #expect(after.info.name == "Bob")
        #expect(after.closedCount == before.closedCount && after.open == before.open, "the same cards")
        let topCard = try #require(before.open.last).description
        try await again.waitFor("Bob's open card, \(topCard), on his screen") { $0.contains(topCard) }
        let left = await log.contains { update in
            guard case .table(_, let events) = update else { return false }
            return events.contains { if case .playerLeft = $0 { true } else { false } }
        }
        #expect(!left, "a closed terminal is a drop, never a leave")

        // Leaving with q forgets the kept seat.
        try await again.send("q")
        try await again.waitFor("the quit prompt") { $0.contains("Quit? (y/n)") }
        try await again.send("y")
        try await again.waitFor("snap to exit") { $0.contains("snap exited with 0") }
        #expect(await log.waitFor { update in
            guard case .table(_, let events) = update else { return false }
            return events.contains { if case .playerLeft(bobSeat, _) = $0 { true } else { false } }
        })
        let text = try String(contentsOf: kept, encoding: .utf8)
        #expect(!text.contains(code), "\(text)")
        await ann.disconnect()
    }
}
