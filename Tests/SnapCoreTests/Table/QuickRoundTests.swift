import Testing
@testable import SnapCore

/// Quick rounds: when the time is up the most cards wins; a tie for most is settled by sudden death.
@Suite struct QuickRoundTests {
    /// Bottom (Ann, host) active; top (Lucy) with the cards given; quick settings.
    static func table(_ hands: [Hand], active: Seat = .bottom) -> Table {
        var table = playingTable(hands, active: active, fillUp: false)
        table.settings = TableSettings(roundLength: .standardQuick)
        // The cards the hands do not hold go to the player listed first, so the counts are as the test says.
        let rest = table.stock
        table.players[Int(hands[0].seat.rawValue)]!.closed.putUnderneath(rest)
        table.stock = []
        return table
    }

    @Test func timeUpWithAClearLeaderEndsTheRound() throws {
        var table = Self.table([
            Hand(seat: .top, closed: "2C 3C", open: "4C"),
            Hand(seat: .bottom, closed: "5D", open: "6D"),
        ])
        let events = try table.timeRanOut()
        #expect(events == [.timeUp, .roundWon(.top, gamesWon: 1)])
        #expect(table.phase == .roundOver(winner: .top))
        #expect(table.cardsAccountedFor)
    }

    @Test func aTieForMostGoesToSuddenDeathUntilTheNextCorrectCall() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "7C 2C", open: "4C"),
            Hand(seat: .top, closed: "5D 6D", open: "7D"),
        ], active: .bottom, fillUp: false)
        table.settings = TableSettings(roundLength: .standardQuick)
        // The other 46 cards, 23 under each closed pile: 26 cards each.
        let rest = table.stock
        table.players[0]!.closed.putUnderneath(Array(rest[..<23]))
        table.players[2]!.closed.putUnderneath(Array(rest[23...]))
        table.stock = []
        #expect(table[.bottom]!.cardCount == 26 && table[.top]!.cardCount == 26)

        #expect(try table.timeRanOut() == [.timeUp, .suddenDeath([.bottom, .top])])
        #expect(table.phase == .playing)
        // A wrong call (4♣ and 7♦) changes the counts but does not end sudden death.
        _ = try table.callSnap(by: .bottom)
        _ = try table.step(.moveCards)
        let afterWrong = try table.step(.resume)
        #expect(!afterWrong.contains { if case .roundWon = $0 { true } else { false } })
        #expect(table.phase == .playing)
        // Ann turns the 7♣ onto the 7♦; Lucy's correct call ends it, and the most cards wins: Lucy.
        _ = try table.turnCard(by: .bottom)
        #expect(table.matchingSeats() == [.bottom, .top])
        _ = try table.callSnap(by: .top)
        _ = try table.step(.moveCards)
        let end = try table.step(.resume)
        #expect(end.last == .roundWon(.top, gamesWon: 1))
        #expect(table.cardsAccountedFor)
    }

    @Test func timeUpDuringAVerdictWaitsForTheCardsToMove() throws {
        var table = Self.table([
            Hand(seat: .top, closed: "2C 3C", open: "9H"),
            Hand(seat: .bottom, closed: "5D 9C", open: "6D"),
        ])
        _ = try table.turnCard(by: .bottom)  // 9♣ on 9♥: Ann calls and will collect.
        _ = try table.callSnap(by: .bottom)
        #expect(try table.timeRanOut() == [.timeUp])
        #expect(table.phase == .playing)
        _ = try table.step(.moveCards)
        let events = try table.step(.resume)
        // Lucy held the most before the call; after the cards moved, the caller does — and wins.
        let most = table.occupiedSeats.max { table[$0]!.cardCount < table[$1]!.cardCount }
        #expect(events.contains(.roundWon(most!, gamesWon: 1)))
        #expect(table.cardsAccountedFor)
    }

    @Test func timeUpDuringAPaymentWaitsForThePayment() throws {
        var table = Self.table([
            Hand(seat: .top, closed: "2C 3C", open: "4C"),
            Hand(seat: .bottom, closed: "5D", open: "6D"),
        ])
        _ = try table.callSnap(by: .top)  // wrong: Lucy pays Ann
        #expect(try table.timeRanOut() == [.timeUp])
        _ = try table.step(.moveCards)
        let events = try table.step(.resume)
        #expect(events.contains(.roundWon(.top, gamesWon: 1)))
    }

    @Test func aPlayerOutBeforeTheTimeCannotWinOrTie() throws {
        var table = Self.table([
            Hand(seat: .top, closed: "2C 3C", open: "4C"),
            Hand(seat: .left, closed: "", open: ""),
            Hand(seat: .bottom, closed: "5D", open: "6D"),
        ])
        #expect(table[.left]!.cardCount == 0)
        let events = try table.timeRanOut()
        #expect(events.last == .roundWon(.top, gamesWon: 1))
    }

    @Test func aClassicRoundHasNoClockAndAQuickOneEndsByTime() throws {
        var classic = TableRunner(table: tableWith(4, computers: true), generator: SplitMix64(seed: 3))
        _ = try classic.perform(.startRound(by: .bottom))
        #expect(!classic.pendingTimers.contains { $0.timer == .roundClock })

        var table = tableWith(4, computers: true)
        table.settings = TableSettings(roundLength: .quick(.seconds(60)))
        var runner = TableRunner(table: table, speed: 2, generator: SplitMix64(seed: 3))
        _ = try runner.perform(.startRound(by: .bottom))
        var events = [TableEvent]()
        var checkedClock = false
        while runner.table.phase.isRoundUnderWay, let more = runner.fireNextTimer() {
            events += more
            if more.contains(.dealFinished) {
                // One round clock, set once at the end of the deal.
                #expect(runner.pendingTimers.filter { $0.timer == .roundClock }.count == 1)
                checkedClock = true
            }
        }
        #expect(checkedClock)
        #expect(events.contains(.timeUp))
        // The clock runs at the game's speed from the end of the deal (1 s at speed 2): 30 s of it.
        let timeUp = try #require(events.firstIndex(of: .timeUp))
        #expect(!events[..<timeUp].contains { if case .roundWon = $0 { true } else { false } })
        #expect(runner.table.cardsAccountedFor)
    }
}
