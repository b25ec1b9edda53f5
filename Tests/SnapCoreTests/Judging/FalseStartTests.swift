import Testing
@testable import SnapCore

/// A false start (RULES.md): a call on a match credited with a reaction under a person's floor — 100 ms, counted from
/// when the match first stood — is not judged as a Snap!; its caller pays at once and the card stays open.
@Suite struct FalseStartTests {
    /// Ann (bottom, 5 ms away) turns the 9♣ at one second onto Lucy's 9♥ (top, 40 ms away); Ray (left, 5 ms away)
    /// shows the K♦. Ann holds the rest of the deck, Lucy two closed cards, Ray one.
    static func turned(
        judging: JudgingRule = .standard, floor: Duration = JudgingRule.standardFalseStart, speed: Double = 1
    ) throws -> TableRunner<SplitMix64> {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .left, closed: "4D", open: "KD"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        var runner = TableRunner(
            table: table, speed: speed, judging: judging, falseStartFloor: floor, generator: SplitMix64(seed: 1))
        runner.allowances = [.bottom: JudgingTests.steady(5), .left: JudgingTests.steady(5), .top: JudgingTests.steady(40)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        return runner
    }

    /// Lucy calls `reaction` after the 9♣ reached her, the call arriving her round trip (80 ms) later.
    static func lucyCalls(after reaction: Int, on runner: inout TableRunner<SplitMix64>) throws -> [TableEvent] {
        _ = runner.advance(to: .milliseconds(1_000 + 80 + reaction))
        return try runner.perform(.callSnap(.top, reaction: .milliseconds(reaction)))
    }

    @Test func aCall60msAfterTheMatchAppearedIsAFalseStart() throws {
        var runner = try Self.turned()
        let events = try Self.lucyCalls(after: 60, on: &runner)
        // She pays a card to each other player who has cards, clockwise, and the table does not stop.
        #expect(events == [.snapCalled(.top, .falseStart), .cardPaid(from: .top, to: .bottom), .cardPaid(from: .top, to: .left)])
        #expect(runner.table.stop == nil)
        #expect(runner.judge == nil)
        #expect(runner.table.open(.top) == cards("9H"))
        #expect(runner.table.allCards.count == Deck.size)
    }

    @Test func aCall120msAfterTheMatchAppearedIsJudged() throws {
        var runner = try Self.turned()
        var events = try Self.lucyCalls(after: 120, on: &runner)
        if let deadline = runner.nextDeadline, runner.judge != nil { events += runner.advance(to: deadline) }
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        #expect(!events.contains(.snapCalled(.top, .falseStart)))
    }

    @Test func theCardStaysOpenForTheOthersAndTheFalseStarterIsOutOfItsRace() throws {
        var runner = try Self.turned()
        _ = try Self.lucyCalls(after: 30, on: &runner)
        // Pressing again on the same card changes nothing.
        _ = runner.advance(to: .milliseconds(1_300))
        #expect(try runner.perform(.callSnap(.top, reaction: .milliseconds(220))).isEmpty)
        // Ray's honest call is judged as soon as Ann (5 ms away) could no longer beat it: Lucy no longer counts.
        _ = runner.advance(to: .milliseconds(1_400))
        #expect(try runner.perform(.callSnap(.left, reaction: .milliseconds(390))).isEmpty)
        #expect(runner.nextDeadline == .milliseconds(1_000 + 390 + 20))
        let events = runner.advance(to: .milliseconds(1_410))
        #expect(events.first == .snapCalled(.left, .correct(matching: [.top, .bottom])))
        #expect(events.contains(.callTimed(.left, reaction: .milliseconds(390), margin: nil)))
    }

    @Test func aFalseStartNoLongerHoldsAVerdictItWasWaitingFor() throws {
        var runner = try Self.turned()
        // Ann calls first, honestly: the verdict would wait for Lucy, who could still prove a faster reaction.
        _ = runner.advance(to: .milliseconds(1_160))
        #expect(try runner.perform(.callSnap(.bottom, reaction: .milliseconds(150))).isEmpty)
        #expect(runner.nextDeadline == .milliseconds(1_000 + 150 + 90))
        // Lucy's false start takes her out of the race: the verdict waits only for Ray (5 ms away) now.
        #expect(try Self.lucyCalls(after: 40, on: &runner).first == .snapCalled(.top, .falseStart))
        #expect(runner.nextDeadline == .milliseconds(1_000 + 150 + 20))
        #expect(runner.advance(to: .milliseconds(1_170)).first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
    }

    @Test func aMatchThatStoodBeforeTheLatestCardCountsFromWhenItFirstStood() throws {
        var runner = try Self.turned()
        // Nobody calls; Ray turns the 4♦ two seconds later, and the nines still stand.
        _ = runner.fireNextTimer()  // Ray is activated
        _ = runner.advance(to: .seconds(3))
        _ = try runner.perform(.turnCard(.left))
        #expect(runner.matchStoodSince == .seconds(1))
        // Lucy calls 20 ms after Ray's card: two seconds after the match stood on her screen, no false start.
        _ = runner.advance(to: .milliseconds(3_100))
        var events = try runner.perform(.callSnap(.top, reaction: .milliseconds(20)))
        if let deadline = runner.nextDeadline, runner.judge != nil { events += runner.advance(to: deadline) }
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
    }

    @Test func aPairMadeByTheLatestCardCountsFromItWhereAnEarlierPairWent() throws {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .left, closed: "4D", open: "KD"),
            Hand(seat: .top, closed: "3C 9S", open: "9H"),
        ], active: .bottom)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        runner.allowances = [.top: JudgingTests.steady(40)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.fireNextTimer()
        _ = runner.advance(to: .seconds(2))
        _ = try runner.perform(.turnCard(.left))
        #expect(runner.matchStoodSince == .seconds(1))
        _ = runner.fireNextTimer()
        // Lucy's 9♠ covers her 9♥ and pairs with Ann's 9♣: a new match, from three seconds.
        _ = runner.advance(to: .seconds(3))
        _ = try runner.perform(.turnCard(.top))
        #expect(runner.matchStoodSince == .seconds(3))
        _ = runner.advance(to: .milliseconds(3_000 + 80 + 40))
        #expect(try runner.perform(.callSnap(.top, reaction: .milliseconds(40))).first == .snapCalled(.top, .falseStart))
    }

    @Test func anActiveFalseStarterWhoPaysTheirLastClosedCardHandsTheTurnOn() throws {
        // The nines stand from the start; Ray is active, with one closed card and two open ones.
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "9C"),
            Hand(seat: .left, closed: "4D", open: "5D KD"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .left)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        _ = runner.advance(to: .milliseconds(30))
        let events = try runner.perform(.callSnap(.left, reaction: .milliseconds(30)))
        // One card, to the first player clockwise; his open pile stays (it could have been part of the match); the
        // turn passes to Lucy.
        #expect(events == [.snapCalled(.left, .falseStart), .cardPaid(from: .left, to: .top), .activated(.top)])
        #expect(runner.table.open(.left) == cards("5D KD"))
        #expect(runner.table.allCards.count == Deck.size)
    }

    @Test func aFalseStarterWithoutAnOpenPileWhoPaysTheirLastCardIsOut() throws {
        // Ray has one closed card and no open pile: the nines are Ann's and Lucy's.
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "9C"),
            Hand(seat: .left, closed: "4D"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom, hasTurned: true)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        _ = runner.advance(to: .milliseconds(40))
        let events = try runner.perform(.callSnap(.left, reaction: .milliseconds(40)))
        #expect(events == [.snapCalled(.left, .falseStart), .cardPaid(from: .left, to: .top), .playerOut(.left)])
        #expect(runner.table.phase == .playing)
        #expect(runner.table.allCards.count == Deck.size)
    }

    @Test func noFalseStartsWhenTheFloorIsZeroOrByArrival() throws {
        var off = try Self.turned(floor: .zero)
        #expect(try Self.lucyCalls(after: 30, on: &off).first != .snapCalled(.top, .falseStart))
        var arrival = try Self.turned(judging: .arrival)
        #expect(try Self.lucyCalls(after: 30, on: &arrival).first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
    }

    @Test func aPersonsFloorIsTheSameAtAnySpeed() throws {
        // A person reacts no faster at a table running twice as fast: 60 ms is still a false start, 120 ms is not.
        var sixty = try Self.turned(speed: 2)
        #expect(try Self.lucyCalls(after: 60, on: &sixty).first == .snapCalled(.top, .falseStart))
        var oneTwenty = try Self.turned(speed: 2)
        #expect(try Self.lucyCalls(after: 120, on: &oneTwenty).first != .snapCalled(.top, .falseStart))
    }

    @Test func aCallOnNoMatchIsWrongHoweverFast() throws {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 8C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.advance(to: .milliseconds(1_010))
        #expect(try runner.perform(.callSnap(.top, reaction: .milliseconds(10))).first == .snapCalled(.top, .wrong))
    }

    @Test(arguments: Difficulty.allCases)
    func computerPlayersNeverCallFasterThanTheFloor(difficulty: Difficulty) {
        #expect(Duration.seconds(difficulty.callDelay.lowerBound) >= JudgingRule.standardFalseStart)
    }

    @Test(arguments: [1.0, 8.0])
    func computerPlayersMakeNoFalseStartsAtAnySpeed(speed: Double) throws {
        var runner = TableRunner(table: tableWith(4, computers: true), difficulty: .hard, speed: speed, generator: SplitMix64(seed: 7))
        _ = try runner.perform(.startRound(by: .bottom))
        var events: [TableEvent] = []
        var steps = 0
        while runner.table.phase != .roundOver(winner: runner.table.activeSeat) && steps < 20_000,
            runner.fireNextTimer(into: &events)
        {
            steps += 1
            if case .roundOver = runner.table.phase { break }
        }
        #expect(events.contains { if case .snapCalled(_, .correct) = $0 { true } else { false } })
        #expect(!events.contains { if case .snapCalled(_, .falseStart) = $0 { true } else { false } })
    }

    @Test func aMirrorFollowsAFalseStartWithoutStopping() throws {
        var runner = try Self.turned()
        var view = runner.table.view(for: .bottom)
        let events = try Self.lucyCalls(after: 60, on: &runner)
        view.apply(events)
        #expect(view == runner.table.view(for: .bottom))
        #expect(view.stop == nil)
    }
}
