import Testing
@testable import SnapCore

@Suite struct TurningTests {
    @Test func activePlayerTurnsTheTopClosedCardOntoTheOpenPile() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C 3C"), Hand(seat: .top, closed: "4C")], active: .bottom)
        let events = try table.turnCard(by: .bottom)
        #expect(events == [.cardTurned(.bottom, card("3C"))])
        #expect(table.open(.bottom) == cards("3C"))
        #expect(table.pendingStep == PendingStep(step: .activateNext, delay: .milliseconds(500)))
    }

    @Test func turningTwiceInOneActivationIsRefused() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C 3C"), Hand(seat: .top, closed: "4C")], active: .bottom)
        _ = try table.turnCard(by: .bottom)
        let before = table
        #expect(throws: TableError.alreadyTurned) { try table.turnCard(by: .bottom) }
        #expect(table == before)
    }

    @Test func onlyTheActivePlayerMayTurn() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C"), Hand(seat: .top, closed: "4C")], active: .bottom)
        #expect(throws: TableError.notYourTurn) { try table.turnCard(by: .top) }
        #expect(throws: TableError.notSeated) { try table.turnCard(by: .left) }
    }

    @Test func nextPlayerIsActivatedClockwiseSkippingEmptySeats() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C"), Hand(seat: .top, closed: "4C")], active: .bottom)
        _ = try table.turnCard(by: .bottom)
        #expect(try table.step(.activateNext) == [.activated(.top)])
        _ = try table.turnCard(by: .top)
        #expect(try table.step(.activateNext) == [.activated(.bottom)])
    }

    @Test func playerWithNoClosedCardsAndTwoOrMoreOpenCardsIsRecycledFirstTurnedOnTop() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "", open: "5H 6H 7H"),
        ], active: .bottom)
        _ = try table.turnCard(by: .bottom)
        let events = try table.step(.activateNext)
        #expect(events == [.recycled(.left, count: 3), .activated(.left)])
        #expect(table.open(.left).isEmpty)
        #expect(table.closed(.left) == cards("7H 6H 5H"))
        #expect(try table.turnCard(by: .left) == [.cardTurned(.left, card("5H"))])
    }

    @Test func playerWithNoClosedCardsAndAtMostOneOpenCardIsSkipped() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "", open: "5H"),
            Hand(seat: .top, closed: "9S"),
        ], active: .bottom)
        _ = try table.turnCard(by: .bottom)
        #expect(try table.step(.activateNext) == [.activated(.top)])
    }

    @Test func theSamePlayerIsActivatedAgainWhenEveryoneElseIsSkipped() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 3C"),
            Hand(seat: .top, closed: "", open: "5H"),
        ], active: .bottom)
        _ = try table.turnCard(by: .bottom)
        #expect(try table.step(.activateNext) == [.activated(.bottom)])
    }

    @Test func timedStepsMustBeTheOneTheTableWaitsFor() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C"), Hand(seat: .top, closed: "4C")], active: .bottom)
        #expect(throws: TableError.unexpectedStep) { try table.step(.activateNext) }
        #expect(throws: TableError.unexpectedStep) { try table.step(.resume) }
    }

    @Test func turningOutsideARoundIsRefused() {
        var table = tableWith(2)
        #expect(throws: TableError.noRoundUnderWay) { try table.turnCard(by: .bottom) }
        #expect(throws: TableError.noRoundUnderWay) { try table.callSnap(by: .bottom) }
    }
}
