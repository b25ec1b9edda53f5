import SnapCore
import Testing

@testable import SnapTerminal

@Suite struct MovementCuesTests {
    private let view = TableFixtures.handMadeView()

    private func describe(_ events: [TableEvent]) -> [String] {
        MovementCues.describe(events, before: view)
    }

    @Test func oneCardPaid() {
        #expect(describe([.cardPaid(from: .top, to: .left)]) == ["Lucy pays Ray a card"])
        #expect(describe([.cardPaid(from: .top, to: .bottom)]) == ["Lucy pays you a card"])
        #expect(describe([.cardPaid(from: .bottom, to: .right)]) == ["You pay Steve a card"])
    }

    @Test func paymentsForOneWrongCallMakeOneLine() throws {
        let table = try TableFixtures.wrongCall()
        var runner = table
        var generator = SplitMix64(seed: 1)
        let events = try runner.perform(.advance(.moveCards), using: &generator)
        #expect(
            MovementCues.describe(events, before: table.view(for: .bottom))
                == ["You pay a card each to Ray, Lucy and Steve"])
    }

    @Test func collectedPiles() {
        #expect(describe([.pileCollected(from: .right, to: .bottom, count: 7)]) == ["You collect 7 cards from Steve"])
        #expect(describe([.pileCollected(from: .bottom, to: .top, count: 1)]) == ["Lucy collects 1 card from you"])
        #expect(
            describe([
                .pileCollected(from: .top, to: .right, count: 3),
                .pileCollected(from: .right, to: .right, count: 4),
            ]) == ["Steve collects 3 cards from Lucy and takes back 4"])
        #expect(
            describe([
                .pileCollected(from: .bottom, to: .bottom, count: 2),
                .pileCollected(from: .top, to: .bottom, count: 5),
            ]) == ["You collect 5 cards from Lucy and take back 2"])
    }

    @Test func correctCallFromTheTable() throws {
        let table = try TableFixtures.afterCalls()
        var after = table
        var generator = SplitMix64(seed: 1)
        let events = try after.perform(.advance(.moveCards), using: &generator)
        #expect(
            MovementCues.describe(events, before: table.view(for: .bottom))
                == ["Ray collects 5 cards from Lucy and you"])
    }

    @Test func recyclesOutsLeaversAndWinners() {
        #expect(describe([.recycled(.left, count: 12)]) == ["Ray recycles 12 cards"])
        #expect(describe([.recycled(.bottom, count: 2)]) == ["You recycle 2 cards"])
        #expect(describe([.openPileTurnedUnder(.top, count: 3)]) == ["Lucy turns 3 cards under to pay"])
        #expect(describe([.playerOut(.left)]) == ["Ray is out"])
        #expect(describe([.playerOut(.bottom)]) == ["You are out"])
        #expect(describe([.playerLeft(.right, handedOutTo: [.bottom, .top])]) == ["Steve leaves… 2 cards handed out"])
        #expect(describe([.roundWon(.top, gamesWon: 3)]) == ["Lucy wins the round! (3 rounds won)"])
        #expect(describe([.roundWon(.bottom, gamesWon: 1)]) == ["You win the round! (1 round won)"])
        #expect(describe([.roundStarted(round: 2, startingSeat: .left)]) == ["Round 2: Ray starts"])
    }

    @Test func namesComeFromBeforeEachEvent() {
        let events: [TableEvent] = [.playerLeft(.right, handedOutTo: []), .playerOut(.left)]
        #expect(describe(events) == ["Steve leaves…", "Ray is out"])
    }

    @Test func turnsAndActivationsAreNotCues() {
        let events: [TableEvent] = [
            .activated(.top), .cardTurned(.top, Card(suit: .spades, value: 1)!), .snapCalled(.left, .tooLate), .resumed,
        ]
        #expect(describe(events).isEmpty)
    }

    @Test func keepsTheLastThreeForAWhile() {
        var cues = MovementCues(capacity: 3, lifetime: .seconds(10))
        cues.record([.recycled(.left, count: 2)], before: view, at: .seconds(1))
        cues.record([.recycled(.top, count: 3), .recycled(.right, count: 4)], before: view, at: .seconds(2))
        cues.record([.playerOut(.left)], before: view, at: .seconds(5))
        #expect(cues.lines(at: .seconds(5)) == ["Lucy recycles 3 cards", "Steve recycles 4 cards", "Ray is out"])
        #expect(cues.lines(at: .seconds(13)) == ["Ray is out"])
        #expect(cues.nextExpiry(after: .seconds(13)) == .seconds(15))
        #expect(cues.lines(at: .seconds(15)).isEmpty)
        #expect(cues.nextExpiry(after: .seconds(15)) == nil)
    }
}
