import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport

/// A server killed outright (`kill -9`) in the middle of a round loses that round and nothing else: every round
/// that had finished is in its SQLite file when it starts again, and replays to what the players were sent.
@Suite(.blocking, .serialized) struct CrashRecoveryTests {
    @Test func killedMidRoundEveryFinishedRoundIsThereAfterARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-crash-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.sqlite").path
        let arguments = ["--db", file, "--speed", "60", "--round", "3"]

        let first = try SnapBinary.startServer(arguments)
        let host = try await SnapClient.connect(to: "ws://127.0.0.1:\(first.port)/ws", name: "Ann", recordBytes: true)
        _ = try await host.sitDown(at: nil)
        await host.addComputer()
        await host.addComputer()
        var rounds = 0
        var updates = host.updates.makeAsyncIterator()
        // Two rounds played to their end (the turn timer plays Ann's turns), then a kill while the third is dealt.
        await host.startRound()
        while rounds < 2, let update = await updates.next() {
            guard case .table(_, let events) = update else { continue }
            if events.contains(where: { if case .roundWon = $0 { true } else { false } }) {
                rounds += 1
                try await Task.sleep(for: .milliseconds(300))
                await host.startRound()
            }
        }
        // Until the third round is under way, then a moment more.
        while let update = await updates.next() {
            if case .table(let view, _) = update, view.round == 3, view.phase == .playing { break }
        }
        try await Task.sleep(for: .milliseconds(300))
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        let received = await host.receivedBytes.compactMap { try? Frame.decode($0).packet }
        await host.disconnect()

        let second = try SnapBinary.startServer(arguments)
        defer { second.stop() }
        let list = try await Self.get("http://127.0.0.1:\(second.port)/api/rounds")
        let page = try JSONSerialization.jsonObject(with: list) as! [String: Any]
        let stored = try #require(page["rounds"] as? [[String: Any]])
        #expect(stored.count == 2, "the two finished rounds, and not the one under way")
        #expect(stored.compactMap { $0["round"] as? Int }.sorted() == [1, 2])

        // Each replays to exactly what Ann was sent during it.
        let wins = received.indices.filter { if case .roundWon = received[$0] { true } else { false } }
        #expect(wins.count == 2)
        for summary in stored {
            let id = try #require(summary["id"] as? Int)
            let number = try #require(summary["round"] as? Int)
            let body = try JSONSerialization.jsonObject(with: try await Self.get("http://127.0.0.1:\(second.port)/api/rounds/\(id)/replay")) as! [String: Any]
            let moments = try #require(body["moments"] as? [[String: Any]])
            let replayed = try moments.dropFirst().flatMap { moment in
                try (moment["packets"] as! [String]).map { try Frame.decode(Data(base64Encoded: $0)!).packet }
            }.filter(\.isReplayed)
            let sent = received[...wins[number - 1]].filter(\.isReplayed)
            #expect(!replayed.isEmpty)
            #expect(Array(sent.suffix(replayed.count)) == replayed, "round \(number)")
        }
    }


    static func get(_ address: String) async throws -> Data {
        var request = URLRequest(url: URL(string: address)!)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        #expect((response as! HTTPURLResponse).statusCode == 200, "\(address)")
        return data
    }
}
