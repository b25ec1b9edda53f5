import Testing
@testable import SnapCore

@Suite struct WinningTests {
    @Test func theRoundEndsWhenOnePlayerHoldsAllFiftyTwoCards() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .top, closed: "", open: "5H"),
        ], active: .top, hasTurned: true)
        _ = try table.callSnap(by: .bottom)
        #expect(try table.step(.moveCards) == [
            .pileCollected(from: .bottom, to: .bottom, count: 1),
            .pileCollected(from: .top, to: .bottom, count: 1),
            .playerOut(.top),
        ])
        #expect(table.phase == .playing)
        #expect(try table.step(.resume) == [.resumed, .roundWon(.bottom, gamesWon: 1)])
        #expect(table.phase == .roundOver(winner: .bottom))
        #expect(table[.bottom]!.gamesWon == 1)
        #expect(table.pendingStep == nil && table.activeSeat == nil)
    }

    @Test func gamesWonAreKeptAcrossRoundsAndTheHostStartsTheNext() throws {
        var table = playingTable([
            Hand(seat: .top, closed: "2C", open: "5H"),
            Hand(seat: .bottom, closed: "", open: "5C"),
        ], active: .top, hasTurned: true)
        table.host = .bottom
        _ = try table.callSnap(by: .top)
        _ = try table.step(.moveCards)
        _ = try table.step(.resume)
        #expect(table.phase == .roundOver(winner: .top))
        var generator = SplitMix64(seed: 1)
        #expect(throws: TableError.notHost) { try table.startRound(by: .top, using: &generator) }
        let events = try table.startRound(by: .bottom, using: &generator)
        #expect(events.first == .roundStarted(round: 2, startingSeat: .bottom))  // round 1 started at the top
        #expect(table[.top]!.gamesWon == 1)
        #expect(table[.bottom]!.closed.count == 26)
        #expect(table.cardsAccountedFor)
    }
}
