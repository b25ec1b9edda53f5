import Testing
@testable import SnapCore

@Suite struct ViewTests {
    @Test func viewsShowClosedPilesAsCountsAndOpenPilesFaceUp() throws {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 3C", open: "5C"),
            Hand(seat: .top, closed: "4D", open: "6H 7H"),
        ], active: .bottom, fillUp: false)
        let view = table.view(for: .top)
        #expect(view.viewer == .top)
        #expect(view[.bottom] == SeatView(info: table[.bottom]!.info, closedCount: 2, open: cards("5C")))
        #expect(view[.top]?.closedCount == 1)
        #expect(view[.top]?.topOpen == card("7H"))
        #expect(view[.left] == nil)
    }

    @Test func noViewEverNamesAFaceDownCard() throws {
        var generator = SplitMix64(seed: 4)
        var runner = TableRunner(table: tableWith(4, computers: true), generator: generator)
        _ = try runner.perform(.startRound(by: .bottom))
        for _ in 0..<400 {
            _ = runner.fireNextTimer()
            let closed = runner.table.players.flatMap { $0?.closed.cards ?? [] }
            for viewer in [nil] + Seat.allCases {
                let text = String(reflecting: runner.table.view(for: viewer))
                for card in closed { #expect(!text.contains("Card(suit: SnapCore.Suit.\(card.suit), value: \(card.value))")) }
            }
        }
        generator = runner.generator
    }

    @Test func statusLinesFollowTheTable() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        table.players[2]!.info.name = "Lucy"
        #expect(TableStatus(table.view(for: .bottom)) == .yourTurn)
        #expect(TableStatus(table.view(for: .top)) == .playersTurn("Ann"))
        _ = try table.callSnap(by: .top)
        #expect(TableStatus(table.view(for: .bottom)) == .mustPay("Lucy"))
        #expect(TableStatus(table.view(for: .top)) == .mustPay("You"))
        _ = try table.step(.moveCards)
        _ = try table.step(.resume)
        _ = try table.turnCard(by: .bottom)  // 9C
        _ = try table.step(.activateNext)
        #expect(TableStatus(table.view(for: .bottom)) == .playersTurn("Lucy"))

        var match = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "7C"),
            Hand(seat: .top, closed: "3C", open: "7H"),
        ], active: .top, hasTurned: true)
        match.players[2]!.info.name = "Lucy"
        #expect(TableStatus(match.view(for: .bottom)) == .match)
        _ = try match.callSnap(by: .bottom)
        #expect(TableStatus(match.view(for: .bottom)) == .youReceiveCards)
        #expect(TableStatus(match.view(for: .top)) == .receivesCards("Ann"))
        table.phase = .roundOver(winner: .top)
        #expect(TableStatus(table.view(for: .bottom)) == .winner("Lucy"))
        table.phase = .dealing
        #expect(TableStatus(table.view(for: .bottom)) == .dealing)
    }

    @Test func viewerMayTurnOnlyOnTheirActivationAndCallWhileTheyHaveCards() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        #expect(table.view(for: .bottom).viewerCanTurn)
        #expect(!table.view(for: .top).viewerCanTurn)
        #expect(table.view(for: .top).viewerCanCall)
        _ = try table.turnCard(by: .bottom)
        #expect(!table.view(for: .bottom).viewerCanTurn)
    }
}
