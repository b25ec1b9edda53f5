@testable import SnapServer
import SnapClient
import SnapCore
import SnapProtocol
import Testing

/// Whole games over real WebSocket connections to a real server on a loopback port.
@Suite struct ServerGameTests {
    @Test(arguments: [2, 3, 4])
    func wholeGamesArePlayedToAWinner(players: Int) async throws {
        let server = try await TestServer.start(speed: 200)
        let host = try await TestPlayer.connect(server, name: "Host", autoPlay: 1)
        await host.client.hostTable()
        let (code, seat) = try await host.joined()
        #expect(seat == .bottom)
        var everyone = [host]
        for index in 1..<players {
            let player = try await TestPlayer.join(server, code: code, name: "Player \(index)", autoPlay: UInt64(index + 1))
            everyone.append(player)
        }
        await host.client.startRound()
        for player in everyone {
            try await waitFor("the winner", on: player.log, timeout: .seconds(180)) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
        }
        let table = try #require(await server.table(code))
        #expect(await table.cardsAccountedFor)
        #expect(await table.conservationFailures == 0)
        for player in everyone {
            let id = try #require(await player.client.id)
            let mirror = await player.client.view
            #expect(mirror == (await table.view(for: id)), "a client's mirror differs from the server's view")
            // 52 cards in the client's mirror after every event.
            for update in await player.log.updates {
                if case .table(let view, _) = update, view.round > 0 { #expect(view.cardCount == 52) }
            }
            #expect(await player.client.resyncs == 0)
        }
        await server.stop()
    }

    @Test func correctWrongAndTooLateCallsAreJudgedInArrivalOrder() async throws {
        let server = try await TestServer.start(speed: 1_000)
        let host = try await TestPlayer.connect(server, name: "Host")
        await host.client.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await TestPlayer.join(server, code: code, name: "Guest")
        await host.client.startRound()
        try await waitFor("the deal", on: guest.log) { $0.has { $0 == .dealFinished } }

        // No card is turned yet: the first call is wrong, the next one too late.
        await host.client.callSnap()
        try await waitFor("the wrong call", on: guest.log) { $0.has { $0 == .snapCalled(.bottom, .wrong) } }
        await guest.client.callSnap()
        try await waitFor("the late call", on: host.log) { $0.has { $0 == .snapCalled(.top, .tooLate) } }
        try await waitFor("the payment", on: guest.log) { $0.has { $0 == .cardPaid(from: .bottom, to: .top) } }
        try await waitFor("play to resume", on: host.log) { $0.has { $0 == .resumed } }

        // Turn cards in turn until there is a match, then call it.
        var correct = false
        for _ in 0..<400 where !correct {
            let view = try #require(await host.client.view)
            if !view.matchingSeats.isEmpty && view.stop == nil {
                await guest.client.callSnap()
                try await waitFor("the correct call", on: host.log) {
                    $0.has { if case .snapCalled(.top, .correct) = $0 { true } else { false } }
                }
                correct = true
            } else if let active = view.active, view.phase == .playing, view.stop == nil, !view.hasTurned {
                await (active == .bottom ? host : guest).client.turnCard()
                for _ in 0..<500 {
                    let now = try #require(await host.client.view)
                    if now.hasTurned || now.active != active || now.stop != nil { break }
                    try await Task.sleep(for: .milliseconds(2))
                }
            } else {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        #expect(correct)
        await server.stop()
    }
}
