import Foundation
import Testing
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport
import SnapStore
import GRDB
@testable import SnapServer
import SnapServerTestSupport

/// Every finished round is stored, its replay is what the players were sent, and the history answers in JSON.
/// The round is played on a whole server in process; the history is read over HTTP from a real server on the
/// same store.
@Suite struct ServerHistoryTests {
    /// Plays one whole round of three auto-playing people at a server in process keeping rounds in `store`, and
    /// stops it (the archive writes what is queued before it stops); returns that server, the host (whose received
    /// bytes are kept), the table code, and a real server on the same store for the history's HTTP.
    static func playOneRound(
        store: any GameStore, seed: UInt64 = 21
    ) async throws -> (InProcessServer, InProcessClient, String, TestServer) {
        let server = InProcessServer.start(speed: 200, seed: seed, store: store)
        // Replays are made of the packets of version 9 and before, as the host is sent them.
        let host = try await server.player("Host", version: classicProtocolVersion, autoPlay: 1)
        await host.hostTable()
        let (code, _) = try await host.joined()
        let others = [
            try await server.player("Ann", joining: code, autoPlay: 2),
            try await server.player("Bob", joining: code, autoPlay: 3),
        ]
        await host.startRound()
        for player in [host] + others {
            try await player.waitFor("the winner", advancing: true) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
        }
        await server.stop()
        return (server, host, code, try await TestServer.start(store: store))
    }

    @Test func aStoredRoundReplaysToThePacketsThePlayersWereSent() async throws {
        let store = InMemoryGameStore()
        let (_, host, code, server) = try await Self.playOneRound(store: store)
        let summary = try #require(try await store.rounds(player: nil, before: nil, limit: 5).first)
        #expect(summary.tableCode == code)
        #expect(Set(summary.players.map(\.name)) == ["Host", "Ann", "Bob"])
        let record = try #require(try await store.round(id: summary.id))
        #expect(record.winner != nil)
        #expect(record.players.map(\.cardsAtEnd).reduce(0, +) == 52)

        // What the host was sent from the start of the round to its end, without what is the host's alone (pings)
        // and the countdowns (their milliseconds depend on when each was sent).
        let sent = try await host.receivedBytes.flatMap { try Frame.decodeMessage($0).map(\.packet) }.filter(\.isReplayed)
        let wonAt = try #require(sent.lastIndex { if case .roundWon = $0 { true } else { false } })
        // Right after the winner, the round's deal code (now that the round is over), as the history keeps it.
        guard case .roundDeal(let deal) = sent[wonAt + 1] else {
            Issue.record("no RoundDeal after RoundWon: \(sent[(wonAt + 1)...].prefix(1))")
            return
        }
        #expect(summary.deal == deal.description && record.deal == deal.description)
        #expect(!sent[..<wonAt].contains { if case .roundDeal = $0 { true } else { false } })

        let (status, body) = try await server.get("/api/rounds/\(summary.id)/replay")
        #expect(status == 200)
        let replay = try JSONDecoder().decode(ReplayBody.self, from: Data(body.utf8))
        let replayed = try replay.moments.dropFirst().flatMap { moment in
            try moment.packets.map { try Frame.decode(Data(base64Encoded: $0)!).packet }
        }.filter(\.isReplayed)
        #expect(!replayed.isEmpty)
        #expect(Array(sent[...(wonAt + 1)].suffix(replayed.count)) == replayed)
        // The first moment is the table from no seat: no face-down card, every player there.
        let first = try Frame.decode(Data(base64Encoded: replay.moments[0].packets[0])!).packet
        guard case .snapshot(let view) = first else { Issue.record("the replay does not start with a snapshot"); return }
        #expect(view.viewer == nil)
        #expect(view.occupiedSeats.count == 3)
        #expect(replay.moments.map(\.t_ms) == replay.moments.map(\.t_ms).sorted())
        await server.stop()
    }


    struct ReplayBody: Decodable {
        struct Moment: Decodable {
            var t_ms: Double
            var packets: [String]
        }
        var moments: [Moment]
    }

    @Test func theHistoryAnswersInJSONAndRefusesWhatItCannotKnow() async throws {
        let store = InMemoryGameStore()
        let (played, _, code, server) = try await Self.playOneRound(store: store, seed: 22)
        let rounds = try await server.get("/api/rounds")
        #expect(rounds.status == 200)
        let page = try JSONSerialization.jsonObject(with: Data(rounds.body.utf8)) as! [String: Any]
        let first = try #require((page["rounds"] as? [[String: Any]])?.first)
        #expect(first["table"] as? String == code)
        #expect((first["players"] as? [[String: Any]])?.count == 3)
        #expect(page.keys.contains("next_before"))
        let id = try #require(first["id"] as? Int)

        let detail = try await server.get("/api/rounds/\(id)")
        #expect(detail.status == 200)
        #expect(detail.body.contains("\"calls\""))
        #expect(detail.body.contains("\"seed\""))

        let player = try await server.get("/api/players/host")
        #expect(player.status == 200)
        let stats = try JSONSerialization.jsonObject(with: Data(player.body.utf8)) as! [String: Any]
        #expect(stats["name"] as? String == "Host")
        #expect(stats["rounds_played"] as? Int == 1)
        #expect((stats["recent"] as? [Any])?.count == 1)

        #expect(try await server.get("/api/rounds?player=Ann").body.contains(code))
        #expect(try await server.get("/api/rounds?player=Zed").body.contains("\"rounds\":[]"))
        // The rounds of a deal, by its code as anyone might type it.
        let deal = try #require(first["deal"] as? String)
        let typed = deal.lowercased().replacingOccurrences(of: "-", with: " ")
        let dealt = try await server.get("/api/rounds?deal=\(typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        #expect(dealt.status == 200 && dealt.body.contains(code) && dealt.body.contains("\"deal\":\"\(deal)\""))
        let other = deal == "ZZZZ-ZZZZ" ? "0000-0000" : "ZZZZ-ZZZZ"
        #expect(try await server.get("/api/rounds?deal=\(other)").body.contains("\"rounds\":[]"))
        for (path, status, words) in [
            ("/api/rounds/abc", 400, "whole number"), ("/api/rounds/0", 400, "whole number"),
            ("/api/rounds/999", 404, "no round 999"), ("/api/rounds/999/replay", 404, "no round 999"),
            ("/api/rounds?limit=0", 400, "limit"), ("/api/rounds?limit=101", 400, "limit"),
            ("/api/rounds?before=-3", 400, "whole number"), ("/api/players/Zed", 404, "Nobody called Zed"),
            ("/api/players/%E2%80%8B", 400, "not a player's name"),
            ("/api/rounds?deal=K7M3", 400, "not a deal code: a deal code has 8 letters and digits"),
            ("/api/rounds?deal=K7M3-Q2PU", 400, "is not in a deal code"),
        ] {
            let answer = try await server.get(path)
            #expect(answer.status == status, "\(path)")
            #expect(answer.body.contains(words), "\(path): \(answer.body)")
        }
        #expect(played.metrics.contains("snap_rounds_saved_total 1"))
        await server.stop()
    }

    @Test func aServerKeepingNoRoundsSaysSo() async throws {
        let server = try await TestServer.start()
        let answer = try await server.get("/api/rounds")
        #expect(answer.status == 404)
        #expect(answer.body.contains("keeps no history"))
        await server.stop()
    }

    @Test func theHistorysPagesAreServed() async throws {
        let server = try await TestServer.start(store: InMemoryGameStore())
        for (path, script) in [
            ("/history", "/js/history_page.js"), ("/replay/12", "/js/replay_page.js"), ("/players/Ann%20B", "/js/player_page.js"),
        ] {
            let answer = try await server.get(path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.body.hasPrefix("<!doctype html>") && answer.body.contains(script), "\(path)")
        }
        #expect(try await server.get("/replay/").status == 404)
        #expect(try await server.get("/").body.contains("href=\"/history\""), "the menu links to the history")
        await server.stop()
    }
}

/// A database that cannot keep up never holds up a table: the round that could not be stored is counted and
/// logged, the game goes on, and once the database is back the next round is kept.
@Suite struct ServerStoreFailureTests {
    @Test func aLockedDatabaseDoesNotStopTheGameAndTheLostRoundIsCounted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-locked-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.sqlite").path
        // Every write waits a fifth of a second for the lock before it fails (5 s by default), so that the test
        // does not wait out two whole timeouts.
        let store = try SQLiteGameStore(path: file, busyTimeout: .milliseconds(200))
        // Another program takes the write lock and keeps it: every write waits its time and fails.
        let blocker = try DatabaseQueue(path: file)
        let release = DispatchSemaphore(value: 0)
        // The lock is held on a thread of its own, which waits on a semaphore: never one of Swift's shared threads.
        await withCheckedContinuation { (locked: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                try? blocker.inDatabase { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    locked.resume()
                    release.wait()
                    try db.execute(sql: "COMMIT")
                }
            }
        }

        let server = try await TestServer.start(speed: 200, seed: 31, store: store)
        let host = try await TestPlayer.connect(server, name: "Host", autoPlay: 1)
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await TestPlayer.join(server, code: code, name: "Ann", autoPlay: 2)
        let clock = ContinuousClock()
        for round in 1...2 {
            await host.client.startRound()
            for player in [host, guest] {
                try await waitFor("round \(round)'s winner", on: player.log, timeout: .seconds(120)) {
                    $0.has { if case .roundWon(_, let won) = $0 { won >= 1 } else { false } }
                        && $0.view?.round == round
                }
            }
            // The second round is played while the first one's write is still waiting on the lock (a table hands a
            // round to the archive without waiting: `RoundArchive.keep` is not async).
        }
        let unsaved = "snap_rounds_unsaved_total{reason=\"store_failed\"}"
        let deadline = clock.now + .seconds(30)
        var metrics = ""
        while clock.now < deadline {
            metrics = try await server.get("/metrics").body
            if metrics.contains("\(unsaved) 2") { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(metrics.contains("\(unsaved) 2"), "\(metrics)")
        #expect(try await store.rounds(player: nil, before: nil, limit: 5).isEmpty)

        // The lock is let go: the next round is kept.
        release.signal()
        await host.client.startRound()
        try await waitFor("round 3's winner", on: host.log, timeout: .seconds(120)) {
            $0.has { if case .roundWon = $0 { true } else { false } } && $0.view?.round == 3
        }
        let saved = clock.now + .seconds(20)
        while try await store.rounds(player: nil, before: nil, limit: 5).isEmpty, clock.now < saved {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await store.rounds(player: nil, before: nil, limit: 5).map(\.roundNumber) == [3])
        await server.stop()
    }
}
