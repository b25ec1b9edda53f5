import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapTestSupport

/// A server killed outright (`kill -9`) in the middle of a round loses that round and nothing else: every round
/// that had finished is in its SQLite file when it starts again, and replays to what the players were sent.
@Suite(.startsPrograms, .serialized) struct CrashRecoveryTests {
    @Test func killedMidRoundEveryFinishedRoundIsThereAfterARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snap-crash-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.sqlite").path
        let arguments = ["--db", file, "--speed", "60", "--round", "3"]

        let first = try await SnapBinary.startServer(arguments)
        let host = try await SnapClient.connect(
            to: "ws://127.0.0.1:\(first.port)/ws", name: "Ann",
            instruments: ClientInstruments(recordBytes: true, protocolVersion: classicProtocolVersion))
        _ = try await host.sitDown(at: nil)
        await host.addComputer()
        await host.addComputer()
        var rounds = 0
        var updates = host.updates.makeAsyncIterator()
        // Two rounds played to their end (the turn timer plays Ann's turns), then a kill while the third is played.
        await host.startRound()
        while rounds < 2, let update = await updates.next() {
            guard case .table(_, let events) = update else { continue }
            if events.contains(where: { if case .roundWon = $0 { true } else { false } }) {
                rounds += 1
                await host.startRound()
            }
        }
        // Until a card of the third round is turned, and the first two are in the store (a finished round is written
        // in the background, after its last move: a kill before that would lose it, which is not what is tested).
        while let update = await updates.next() {
            if case .table(let view, let events) = update, view.round == 3,
                events.contains(where: { if case .cardTurned = $0 { true } else { false } })
            {
                break
            }
        }
        let stored = try await Patience.wait(for: .seconds(60)) {
            let list = try await Self.get("http://127.0.0.1:\(first.port)/api/rounds")
            let page = try JSONSerialization.jsonObject(with: list) as? [String: Any]
            return (page?["rounds"] as? [Any])?.count == 2
        }
        #expect(stored, "the first two rounds were never stored")
        kill(first.process.processIdentifier, SIGKILL)
        _ = await first.end.status
        #expect(first.process.terminationReason == .uncaughtSignal)
        let received = await host.receivedBytes.flatMap { (try? Frame.decodeMessage($0))?.map(\.packet) ?? [] }
        await host.disconnect()

        let second = try await SnapBinary.startServer(arguments)
        defer { second.stop() }
        let list = try await Self.get("http://127.0.0.1:\(second.port)/api/rounds")
        let page = try JSONSerialization.jsonObject(with: list) as! [String: Any]
        let kept = try #require(page["rounds"] as? [[String: Any]])
        #expect(kept.count == 2, "the two finished rounds, and not the one under way")
        #expect(kept.compactMap { $0["round"] as? Int }.sorted() == [1, 2])

        // Each replays to exactly what Ann was sent during it.
        let wins = received.indices.filter { if case .roundWon = received[$0] { true } else { false } }
        #expect(wins.count == 2)
        for summary in kept {
            let id = try #require(summary["id"] as? Int)
            let number = try #require(summary["round"] as? Int)
            let body = try JSONSerialization.jsonObject(with: try await Self.get("http://127.0.0.1:\(second.port)/api/rounds/\(id)/replay")) as! [String: Any]
            let moments = try #require(body["moments"] as? [[String: Any]])
            // As Ann's version reads them, a moment at a time as the server sent them: the replay's verdicts are
            // today's, and a computer's call can be a false start (when the server wakes late for a card a timer
            // turns), which a version 9 client is sent as a wrong call and the table resuming.
            let replayed = try moments.dropFirst().flatMap { moment in
                try (moment["packets"] as! [String]).map { try Frame.decode(Data(base64Encoded: $0)!).packet }
                    .adapted(to: classicProtocolVersion)
            }.filter(\.isReplayed)
            // To the win and the round's deal code right after it.
            let sent = received[...(wins[number - 1] + 1)].filter(\.isReplayed)
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
