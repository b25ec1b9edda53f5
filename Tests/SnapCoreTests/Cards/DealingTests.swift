import Testing
@testable import SnapCore

@Suite struct DealingTests {
    func dealt(_ players: Int, seed: UInt64 = 1) throws -> Table {
        var table = tableWith(players)
        var generator = SplitMix64(seed: seed)
        _ = try table.startRound(by: .bottom, using: &generator)
        return table
    }

    @Test func twoPlayersGetTwentySixEach() throws {
        let table = try dealt(2)
        #expect(table.occupiedSeats.map { table[$0]!.closed.count } == [26, 26])
    }

    @Test func threePlayersGetEighteenSeventeenSeventeenWithTheExtraCardToTheStarter() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let table = try dealt(3, seed: seed)
            let starter = table.startingSeat!
            #expect(table[starter]!.closed.count == 18)
            #expect(table.occupiedSeats.filter { $0 != starter }.allSatisfy { table[$0]!.closed.count == 17 })
        }
    }

    @Test func fourPlayersGetThirteenEach() throws {
        let table = try dealt(4)
        #expect(table.occupiedSeats.map { table[$0]!.closed.count } == [13, 13, 13, 13])
        #expect(table.cardsAccountedFor)
        #expect(table.stock.isEmpty)
    }

    @Test func cardsAreDealtOneAtATimeClockwiseFromTheStarter() throws {
        var table = tableWith(4)
        var generator = SplitMix64(seed: 9)
        var copy = generator
        _ = try table.startRound(by: .bottom, using: &generator)
        _ = Int.random(in: 0..<4, using: &copy)  // the starter is drawn before the deal's code
        let code = DealCode(drawingFrom: &copy)
        let deck = code.deck
        #expect(table.deal == code)
        let starter = table.startingSeat!
        let order = [starter] + starter.clockwiseAfter.dropLast()
        // The first card dealt lies at the bottom of the starter's pile, the second at the bottom of the next.
        #expect(table.closed(order[0]).first == deck[0])
        #expect(table.closed(order[1]).first == deck[1])
        #expect(table.closed(order[3]).last == deck[51])
    }

    @Test func startingPlayerRotatesClockwiseBetweenRounds() throws {
        var table = tableWith(3)
        var generator = SplitMix64(seed: 5)
        _ = try table.startRound(by: .bottom, using: &generator)
        let first = table.startingSeat!
        // End the round by letting everyone but the host leave and come back.
        table.phase = .roundOver(winner: .bottom)
        _ = try table.startRound(by: .bottom, using: &generator)
        let occupied = table.occupiedSeats
        let expected = first.clockwiseAfter.first { occupied.contains($0) }
        #expect(table.startingSeat == expected)
        table.phase = .roundOver(winner: .bottom)
        _ = try table.startRound(by: .bottom, using: &generator)
        #expect(table.startingSeat == expected!.clockwiseAfter.first { occupied.contains($0) })
    }

    @Test func whenTheStarterLeftTheNextPlayerClockwiseFromTheirSeatStartsEvenAfterSeatsMove() throws {
        var table = tableWith(4)  // Ann bottom, Lucy left, Ray top, Steve right (join order: bottom, top, left, right)
        var generator = SplitMix64(seed: 1)
        _ = try table.startRound(by: .bottom, using: &generator)
        table.startingSeat = .left
        table.phase = .roundOver(winner: .bottom)
        let nextClockwise = table[.top]!.info.id
        _ = try table.leave(.left)
        let events = try table.startRound(by: .bottom, using: &generator)
        #expect(events.first == .seatsRearranged([SeatMove(from: .top, to: .left), SeatMove(from: .right, to: .top)]))
        #expect(table[table.startingSeat!]!.info.id == nextClockwise)
    }

    @Test func firstStartingPlayerIsDrawnFromTheSeed() throws {
        var starters = Set<Seat>()
        for seed in 1...40 as ClosedRange<UInt64> {
            starters.insert(try dealt(4, seed: seed).startingSeat!)
            #expect(try dealt(4, seed: seed).startingSeat == dealt(4, seed: seed).startingSeat)
        }
        #expect(starters.count == 4)
    }

    @Test func nobodyMayTurnOrCallDuringTheDeal() throws {
        var table = try dealt(2)
        #expect(table.phase == .dealing)
        #expect(table.pendingStep == PendingStep(step: .finishDeal, delay: .seconds(2)))
        #expect(throws: TableError.dealingInProgress) { try table.turnCard(by: table.startingSeat!) }
        #expect(throws: TableError.dealingInProgress) { try table.callSnap(by: .bottom) }
    }

    @Test func theStarterIsActivatedWhenTheDealIsOver() throws {
        var table = try dealt(4)
        let events = try table.step(.finishDeal)
        #expect(events == [.dealFinished, .activated(table.startingSeat!)])
        #expect(table.phase == .playing)
        #expect(table.activeSeat == table.startingSeat)
    }

    @Test func onlyTheHostStartsAndOnlyWithTwoPlayers() throws {
        var generator = SplitMix64(seed: 1)
        var alone = tableWith(1)
        #expect(throws: TableError.notEnoughPlayers) { try alone.startRound(by: .bottom, using: &generator) }
        var table = tableWith(2)
        #expect(throws: TableError.notHost) { try table.startRound(by: .top, using: &generator) }
        #expect(throws: TableError.notSeated) { try table.startRound(by: .left, using: &generator) }
        _ = try table.startRound(by: .bottom, using: &generator)
        #expect(throws: TableError.roundUnderWay) { try table.startRound(by: .bottom, using: &generator) }
    }

    @Test func joiningIsRefusedDuringARoundWhenFullAndWithATakenName() throws {
        var table = tableWith(4)
        #expect(throws: TableError.tableFull) { try table.join(PlayerInfo(id: PlayerID("x"), name: "X")) }
        var three = tableWith(3)
        #expect(throws: TableError.nameTaken) { try three.join(PlayerInfo(id: PlayerID("x"), name: "ann")) }
        #expect(throws: TableError.alreadySeated) { try three.join(PlayerInfo(id: PlayerID("ann"), name: "Other")) }
        var generator = SplitMix64(seed: 1)
        _ = try three.startRound(by: .bottom, using: &generator)
        #expect(throws: TableError.roundUnderWay) { try three.join(PlayerInfo(id: PlayerID("x"), name: "X")) }
    }
}
