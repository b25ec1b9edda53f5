import Testing
@testable import SnapCore

@Suite struct SnapCallTests {
    @Test func correctCallMovesMatchingPilesFaceDownUnderTheCallersClosedPile() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "3D 5C"),
            Hand(seat: .left, closed: "KS", open: "8H 9H 5H"),
            Hand(seat: .top, closed: "QS", open: "7D"),
        ], active: .left, hasTurned: true, fillUp: false)
        #expect(try table.callSnap(by: .top) == [.snapCalled(.top, .correct(matching: [.bottom, .left]))])
        #expect(table.stop == SnapCall(seat: .top, verdict: .correct(matching: [.bottom, .left])))
        let moved = try table.step(.moveCards)
        #expect(moved == [
            .pileCollected(from: .bottom, to: .top, count: 2),
            .pileCollected(from: .left, to: .top, count: 3),
        ])
        // Each pile is turned over as a whole; the bottom player's pile goes under first, the left one under that.
        #expect(table.closed(.top) == cards("8H 9H 5H") .reversed() + cards("3D 5C").reversed() + cards("QS"))
        #expect(table.open(.bottom).isEmpty && table.open(.left).isEmpty)
        #expect(table.open(.top) == cards("7D"))
    }

    @Test func callersOwnMatchingPileGoesUnderTheirClosedPileToo() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .top, closed: "QS", open: "5H"),
        ], active: .top, hasTurned: true, fillUp: false)
        _ = try table.callSnap(by: .bottom)
        _ = try table.step(.moveCards)
        #expect(table.closed(.bottom) == cards("5H 5C 2C"))
    }

    @Test func twoPairsGiveTheCallerBothPairs() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .left, closed: "3C", open: "9H"),
            Hand(seat: .top, closed: "4C", open: "5S"),
            Hand(seat: .right, closed: "6C", open: "9D"),
        ], active: .right, hasTurned: true, fillUp: false)
        _ = try table.callSnap(by: .left)
        _ = try table.step(.moveCards)
        #expect(table[.left]!.closed.count == 5)
        #expect(Seat.allCases.allSatisfy { table.open($0).isEmpty })
    }

    @Test func threeOfAKindLeavesTheOddPileWhereItIs() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .left, closed: "3C", open: "5H"),
            Hand(seat: .top, closed: "4C", open: "5S"),
            Hand(seat: .right, closed: "6C", open: "9D"),
        ], active: .right, hasTurned: true, fillUp: false)
        _ = try table.callSnap(by: .right)
        _ = try table.step(.moveCards)
        #expect(table.open(.right) == cards("9D"))
        #expect(table.closed(.right).count == 4)
    }

    @Test func wrongCallPaysOneCardToEveryOtherPlayerWithCardsClockwise() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 3C", open: "5C"),
            Hand(seat: .left, closed: "7C 8C 9C 10C", open: "6H"),
            Hand(seat: .top, closed: "4D", open: "7S"),
            Hand(seat: .right, closed: "", open: ""),
        ], active: .bottom, fillUp: false)
        #expect(try table.callSnap(by: .left) == [.snapCalled(.left, .wrong)])
        let moved = try table.step(.moveCards)
        #expect(moved == [.cardPaid(from: .left, to: .top), .cardPaid(from: .left, to: .bottom)])
        #expect(table.closed(.top) == cards("10C 4D"))
        #expect(table.closed(.bottom) == cards("9C 2C 3C"))
        #expect(table.closed(.left) == cards("7C 8C"))
        #expect(table[.right]!.cardCount == 0)
    }

    @Test func wrongCallTurnsTheOpenPileUnderFirstWhenShortOfClosedCards() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C 6C"),
            Hand(seat: .left, closed: "3D"),
            Hand(seat: .top, closed: "4D"),
        ], active: .left, fillUp: false)
        _ = try table.callSnap(by: .bottom)
        let moved = try table.step(.moveCards)
        #expect(moved == [
            .openPileTurnedUnder(.bottom, count: 2),
            .cardPaid(from: .bottom, to: .left),
            .cardPaid(from: .bottom, to: .top),
        ])
        #expect(table.closed(.bottom) == cards("6C"))
        #expect(table.closed(.left) == cards("2C 3D"))
        #expect(table.closed(.top) == cards("5C 4D"))
    }

    @Test func wrongCallPaysWhatItHasAndTheCallerIsOut() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "3D"),
            Hand(seat: .top, closed: "4D"),
            Hand(seat: .right, closed: "5D"),
        ], active: .left, fillUp: false)
        _ = try table.callSnap(by: .bottom)
        #expect(try table.step(.moveCards) == [.cardPaid(from: .bottom, to: .left), .playerOut(.bottom)])
        #expect(table[.top]!.closed.count == 1)
        #expect(throws: TableError.outOfCards) { try table.callSnap(by: .bottom) }
    }

    @Test func firstCallAfterTheDealIsJudgedWrong() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 3)
        _ = try table.startRound(by: .bottom, using: &generator)
        _ = try table.step(.finishDeal)
        #expect(try table.callSnap(by: .top) == [.snapCalled(.top, .wrong)])
    }

    @Test func callsAfterTheJudgedOneAreTooLateAndChangeNothing() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .top, closed: "3C", open: "5H"),
        ], active: .top, hasTurned: true)
        _ = try table.callSnap(by: .top)
        let judged = table
        #expect(try table.callSnap(by: .bottom) == [.snapCalled(.bottom, .tooLate)])
        #expect(try table.callSnap(by: .top) == [.snapCalled(.top, .tooLate)])
        #expect(table.pendingStep == judged.pendingStep)
        #expect(table.pendingStepNumber == judged.pendingStepNumber)
        #expect(table.players == judged.players)
        // A call a seat is kept: the caller's own late call and any more from bottom add nothing to hold.
        for _ in 0..<100 { _ = try table.callSnap(by: .bottom) }
        #expect(table.calls.map(\.verdict) == [.correct(matching: [.top, .bottom]), .tooLate])
    }

    @Test func aNewlyTurnedCardOpensANewWindowForCalls() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        _ = try table.callSnap(by: .top)
        _ = try table.step(.moveCards)
        _ = try table.step(.resume)
        #expect(try table.callSnap(by: .top) == [.snapCalled(.top, .tooLate)])
        _ = try table.turnCard(by: .bottom)
        #expect(table.calls.isEmpty)
        #expect(try table.callSnap(by: .bottom) == [.snapCalled(.bottom, .wrong)])
    }

    @Test func aCallStopsTheTableAndThePendingActivationWaitsForTheCards() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        _ = try table.turnCard(by: .bottom)  // 9C: no match
        _ = try table.callSnap(by: .top)
        #expect(table.pendingStep == PendingStep(step: .moveCards, delay: .seconds(1)))
        #expect(throws: TableError.unexpectedStep) { try table.step(.activateNext) }
        _ = try table.step(.moveCards)
        #expect(table.pendingStep == PendingStep(step: .resume, delay: .seconds(1)))
        #expect(try table.step(.resume) == [.resumed, .activated(.top)])
    }

    @Test func activePlayerCannotTurnWhileACallIsSettled() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom)
        _ = try table.callSnap(by: .top)
        #expect(throws: TableError.snapInProgress) { try table.turnCard(by: .bottom) }
        _ = try table.step(.moveCards)
        #expect(throws: TableError.snapInProgress) { try table.turnCard(by: .bottom) }
        #expect(try table.step(.resume) == [.resumed])
        #expect(table.activeSeat == .bottom)
        #expect(try table.turnCard(by: .bottom).count == 1)
    }

    @Test func activePlayerPayingTheirLastClosedCardWithOneOpenCardHandsOn() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom, fillUp: false)
        _ = try table.callSnap(by: .bottom)
        #expect(try table.step(.moveCards) == [.cardPaid(from: .bottom, to: .top)])
        #expect(table[.bottom]!.closed.isEmpty && table.open(.bottom).count == 1)
        #expect(try table.step(.resume) == [.resumed, .activated(.top)])
    }

    @Test func activePlayerPayingTheirLastClosedCardWithOpenCardsRecyclesAndStaysActive() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "4C 5C"),
            Hand(seat: .top, closed: "3C 7H", open: "6H"),
        ], active: .bottom, fillUp: false)
        _ = try table.callSnap(by: .bottom)
        _ = try table.step(.moveCards)
        #expect(try table.step(.resume) == [.resumed, .recycled(.bottom, count: 2)])
        #expect(table.activeSeat == .bottom)
        #expect(try table.turnCard(by: .bottom) == [.cardTurned(.bottom, card("4C"))])
    }

    @Test func playersWhoAreOutAreNeverActivatedAndReceiveNothing() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 3C"),
            Hand(seat: .left, closed: ""),
            Hand(seat: .top, closed: "4C"),
        ], active: .bottom, fillUp: false)
        #expect(throws: TableError.outOfCards) { try table.callSnap(by: .left) }
        #expect(throws: TableError.outOfCards) { try table.turnCard(by: .left) }
        _ = try table.turnCard(by: .bottom)
        #expect(try table.step(.activateNext) == [.activated(.top)])
        _ = try table.callSnap(by: .top)
        #expect(try table.step(.moveCards) == [.cardPaid(from: .top, to: .bottom), .playerOut(.top)])
        #expect(table[.left]!.cardCount == 0)
    }
}
