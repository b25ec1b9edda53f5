import Foundation
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapTestSupport
import Testing

/// `snap history` and `snap replay` against a real `snap serve --db :memory:` where a round was played (a
/// SnapClient host and three computer players, a quick round at speed 50), and their errors.
@Suite(.startsPrograms, .serialized) struct TmuxHistoryTests {
    /// Plays one quick round at `server` to its end: a person who never turns (the turn timer turns for them)
    /// and three computer players; returns once the server lists the round.
    static func playOneRound(port: Int) async throws {
        let client = try await SnapClient.connect(to: "ws://127.0.0.1:\(port)/ws", name: "Ann")
        _ = try await client.sitDown(at: nil, solo: true)
        let clock = ContinuousClock()
        var deadline = clock.now + .seconds(20)
        while await (client.view?.occupiedSeats.count ?? 0) < 4, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await client.startRound()
        deadline = clock.now + .seconds(90)
        func over() async -> Bool {
            if case .roundOver = await client.view?.phase { true } else { false }
        }
        while await !over(), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await over(), "the round should end within 90 s")
        await client.disconnect()
        let history = try HistoryClient(address: "127.0.0.1:\(port)")
        deadline = clock.now + .seconds(20)
        while try await history.rounds().rounds.isEmpty, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func historyListsTheRoundAndReplayPlaysItToTheWinner() async throws {
        let server = try await SnapBinary.startServer(["--db", ":memory:", "--speed", "50", "--round", "3", "--no-qr"])
        defer { server.stop() }
        try await Self.playOneRound(port: server.port)
        let round = try #require(try await HistoryClient(address: "127.0.0.1:\(server.port)").rounds().rounds.first)
        let winner = try #require(round.winner)

        // The table, and the JSON as the server gave it.
        let listed = try await SnapBinary.run(["history", "127.0.0.1:\(server.port)"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.trimmingCharacters(in: .whitespaces).hasPrefix("ID  WHEN") == true, "\(listed.stdout)")
        let row = try #require(lines.dropFirst().first, "\(listed.stdout)")
        #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("\(round.id)  "), "\(row)")
        for text in [round.table, "Ann", "Ray", "Lucy", "Steve", winner] { #expect(row.contains(text), "\(row)") }
        let json = try await SnapBinary.run(["history", "ws://127.0.0.1:\(server.port)", "--player", "Ann", "--json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["rounds"] as? [Any])?.count == 1, "\(json.stdout)")
        let nobody = try await SnapBinary.run(["history", "http://127.0.0.1:\(server.port)", "--player", "Nobody"])
        #expect(nobody.stdout.contains("No rounds with Nobody on this server yet."), "\(nobody.stdout)")

        // The replay, from no seat: it plays to the winner at 8×, steps back and quits.
        let pane = try await SnapPane(arguments: "replay \(round.id) 127.0.0.1:\(server.port) --speed 8")
        defer { pane.close() }
        let start = try await pane.waitFor("the replay") { $0.contains("round \(round.round) at \(round.table)") }
        // The round lasted a few seconds, so at 8× it may be over by the first look: playing ([Space] pause) is not
        // checked here, only the speed; the end below is.
        #expect(start.contains("8×"), "\(start)")
        #expect(!start.contains("(you)"), "a replay is seen from no seat: \(start)")
        let end = try await pane.waitFor("the winner", timeout: 60) {
            $0.contains("\(winner) wins the round!")
        }
        #expect(end.contains("❚❚") && end.contains("[Space] play"), "paused at the end: \(end)")
        try await pane.send("Left")
        try await pane.waitFor("a step back") { !$0.contains("wins the round!") }
        try await pane.send("-")
        try await pane.waitFor("4×") { $0.contains("4×") }
        try await pane.send("q")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"), "\(after)")
        #expect(after.contains("terminal modes restored"), "\(after)")
        #expect(after.contains("Round \(round.round) at table \(round.table): \(winner) won."), "\(after)")
    }

    @Test func historyErrorsSayWhatWentWrong() async throws {
        let none = try await SnapBinary.startServer(["--db", "none", "--no-qr"])
        defer { none.stop() }
        let noHistory = try await SnapBinary.run(["history", "127.0.0.1:\(none.port)"])
        #expect(noHistory.status == 1)
        #expect(noHistory.stderr == "Error: This server keeps no history: it was started with --db none.\n", "\(noHistory.stderr)")

        let memory = try await SnapBinary.startServer(["--db", ":memory:", "--no-qr"])
        defer { memory.stop() }
        let unknown = try await SnapBinary.run(["replay", "99", "127.0.0.1:\(memory.port)"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: There is no round 99 on this server.\n", "\(unknown.stderr)")
        let empty = try await SnapBinary.run(["history", "127.0.0.1:\(memory.port)"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "No rounds have been kept on this server yet.\n", "\(empty.stdout)")

        let port = try TmuxNetworkTests.freePort()
        let unreachable = try await SnapBinary.run(["history", "127.0.0.1:\(port)"])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.hasPrefix("Error: Could not reach a Snap! server at 127.0.0.1:\(port)"), "\(unreachable.stderr)")
        let bad = try await SnapBinary.run(["history", "ftp://example"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("is not a server address"), "\(bad.stderr)")
    }
}
