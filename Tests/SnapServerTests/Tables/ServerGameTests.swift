@testable import SnapServer
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import Testing

/// Whole games on a whole server in process, on its test clock.
@Suite struct ServerGameTests {
    @Test(arguments: [2, 3, 4])
    func wholeGamesArePlayedToAWinner(players: Int) async throws {
        let server = InProcessServer.start(speed: 200)
        let host = try await server.player("Host", autoPlay: 1)
        await host.hostTable()
        let (code, seat) = try await host.joined()
        #expect(seat == .bottom)
        var everyone = [host]
        for index in 1..<players {
            everyone.append(try await server.player("Player \(index)", joining: code, autoPlay: UInt64(index + 1)))
        }
        await host.startRound()
        for player in everyone {
            try await player.waitFor("the winner", advancing: true) {
                $0.has { if case .roundWon = $0 { true } else { false } }
            }
        }
        let table = try #require(await server.table(code))
        #expect(await table.cardsAccountedFor)
        #expect(await table.conservationFailures == 0)
        for player in everyone {
            let id = try #require(await player.id)
            let mirror = await player.view
            #expect(mirror == (await table.view(for: id)), "a client's mirror differs from the server's view")
            // 52 cards in the client's mirror after every event.
            for update in await player.log {
                if case .table(let view, _) = update, view.round > 0 { #expect(view.cardCount == 52) }
            }
            #expect(await player.resyncs == 0)
        }
        await server.stop()
    }

    @Test func correctWrongAndTooLateCallsAreJudgedInArrivalOrder() async throws {
        let server = InProcessServer.start(speed: 1_000)
        let host = try await server.player("Host")
        await host.hostTable()
        let (code, _) = try await host.joined()
        let guest = try await server.player("Guest", joining: code)
        await host.startRound()
        try await guest.waitFor("the deal", advancing: true) { $0.has { $0 == .dealFinished } }

        // No card is turned yet: the first call is wrong, the next one too late.
        await host.callSnap()
        try await guest.waitFor("the wrong call", advancing: true) { $0.has { $0 == .snapCalled(.bottom, .wrong) } }
        await guest.callSnap()
        try await host.waitFor("the late call", advancing: true) { $0.has { $0 == .snapCalled(.top, .tooLate) } }
        try await guest.waitFor("the payment", advancing: true) { $0.has { $0 == .cardPaid(from: .bottom, to: .top) } }
        try await host.waitFor("play to resume", advancing: true) { $0.has { $0 == .resumed } }

        // Turn cards in turn until there is a match, then call it.
        var correct = false
        for _ in 0..<400 where !correct {
            let view = try #require(await host.view)
            if !view.matchingSeats.isEmpty && view.stop == nil {
                await guest.callSnap()
                try await host.waitFor("the correct call", advancing: true) {
                    $0.has { if case .snapCalled(.top, .correct) = $0 { true } else { false } }
                }
                correct = true
            } else if let active = view.active, view.phase == .playing, view.stop == nil, !view.hasTurned {
                await (active == .bottom ? host : guest).turnCard()
                try await server.wait("the card turned", advancing: true) {
                    let now = try #require(await host.view)
                    return now.hasTurned || now.active != active || now.stop != nil
                }
            } else {
                try await server.wait("play to go on", advancing: true) {
                    let now = try #require(await host.view)
                    return now != view
                }
            }
        }
        #expect(correct)
        await server.stop()
    }
}
