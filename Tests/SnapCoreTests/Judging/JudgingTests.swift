import Testing
@testable import SnapCore

/// Calls judged by reaction time: who wins a close call, given when the card was shown, when each call
/// arrived, what each caller claimed and what each player's network allows for.
@Suite struct JudgingTests {
    /// A player `oneWay` away with no jitter: every round trip takes twice that.
    static func steady(_ oneWay: Int) -> NetworkAllowance {
        NetworkAllowance(typical: .milliseconds(2 * oneWay), most: .milliseconds(2 * oneWay + 10))
    }

    /// Bottom (Ann) is active and about to turn the 9♣; top (Lucy) shows the 9♥: a match once it is turned.
    static func runner(
        judging: JudgingRule = .standard, speed: Double = 1, falseStartFloor: Duration = JudgingRule.standardFalseStart
    ) -> TableRunner<SplitMix64> {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        return TableRunner(
            table: table, speed: speed, judging: judging, falseStartFloor: falseStartFloor, generator: SplitMix64(seed: 1))
    }

    /// Turns the 9♣ at one second; returns the runner.
    static func turned(
        judging: JudgingRule = .standard, speed: Double = 1, near: Int = 5, far: Int = 80,
        falseStartFloor: Duration = JudgingRule.standardFalseStart
    ) throws -> TableRunner<SplitMix64> {
        var runner = runner(judging: judging, speed: speed, falseStartFloor: falseStartFloor)
        runner.allowances = [.bottom: steady(near), .top: steady(far)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        return runner
    }

    // MARK: - Crediting one call

    struct Credit: Sendable, CustomTestStringConvertible {
        var elapsed: Int
        var claim: Int?
        var typical: Int
        var most: Int
        var expected: Int
        var testDescription: String { "elapsed \(elapsed) claim \(claim.map(String.init) ?? "none") → \(expected)" }
    }

    @Test(arguments: [
        // An honest claim within what the network allows stands.
        Credit(elapsed: 360, claim: 200, typical: 160, most: 170, expected: 200),
        // A claim faster than the network allows is raised to the fastest possible.
        Credit(elapsed: 300, claim: 0, typical: 10, most: 20, expected: 280),
        // A claim slower than the time that passed is lowered to it.
        Credit(elapsed: 300, claim: 900, typical: 10, most: 20, expected: 300),
        // No claim: the typical round trip is taken off.
        Credit(elapsed: 300, claim: nil, typical: 10, most: 20, expected: 290),
        // Never more than the bound (200 ms) is taken off, however far the player says they are.
        Credit(elapsed: 400, claim: 0, typical: 900, most: 950, expected: 200),
        Credit(elapsed: 400, claim: nil, typical: 900, most: 950, expected: 200),
        // An in-process player: what passed is the reaction.
        Credit(elapsed: 250, claim: 100, typical: 0, most: 0, expected: 250),
    ])
    func aCallIsCreditedWithItsClaimClampedToWhatIsPossible(_ credit: Credit) {
        let reaction = CallJudge.credit(
            elapsed: .milliseconds(credit.elapsed), claim: credit.claim.map { .milliseconds($0) },
            allowance: NetworkAllowance(typical: .milliseconds(credit.typical), most: .milliseconds(credit.most)),
            maximumCompensation: .milliseconds(200))
        #expect(reaction == .milliseconds(credit.expected))
    }

    // MARK: - Close calls at a table

    @Test func theFasterReactionWinsAlthoughItArrivedLater() throws {
        var runner = try Self.turned()
        // Ann (5 ms away) took 250 ms: her call arrives at 260 ms. Lucy (80 ms away) took 200 ms: 360 ms.
        _ = runner.advance(to: .milliseconds(1_260))
        #expect(try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250))).isEmpty)
        #expect(runner.judge != nil)
        _ = runner.advance(to: .milliseconds(1_360))
        let events = try runner.perform(.callSnap(.top, reaction: .milliseconds(200)))
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        #expect(events.contains(.callTimed(.top, reaction: .milliseconds(200), margin: .milliseconds(50))))
        #expect(events.last == .snapCalled(.bottom, .tooLate))
        #expect(runner.judge == nil)
    }

    @Test func byArrivalTheNearerPlayerWinsTheSameRace() throws {
        var runner = try Self.turned(judging: .arrival)
        _ = runner.advance(to: .milliseconds(1_260))
        let events = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        _ = runner.advance(to: .milliseconds(1_360))
        #expect(try runner.perform(.callSnap(.top, reaction: .milliseconds(200))) == [.snapCalled(.top, .tooLate)])
    }

    @Test func theVerdictWaitsOnlyWhileAFarPlayerCouldStillBeFaster() throws {
        var runner = try Self.turned()
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        // Lucy could still prove a reaction under 250 ms until 1 s + 250 ms + her allowance (170 ms).
        #expect(runner.nextDeadline == .milliseconds(1_420))
        #expect(runner.advance(to: .milliseconds(1_419)).isEmpty)
        let events = runner.advance(to: .milliseconds(1_420))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        #expect(events.contains(.callTimed(.bottom, reaction: .milliseconds(250), margin: nil)))
    }

    @Test func theWaitNeverExceedsTheBound() throws {
        // Lucy looks a whole second away (she delays her pongs): nobody waits more than 200 ms for her.
        var runner = try Self.turned(far: 500)
        _ = runner.advance(to: .milliseconds(1_300))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(290)))
        let wait = runner.nextDeadline! - .milliseconds(1_300)
        #expect(wait <= JudgingRule.standardCompensation)
    }

    @Test func theWaitIsNetworkTimeAndDoesNotShrinkWithSpeed() throws {
        var runner = try Self.turned(speed: 10)
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(runner.nextDeadline == .milliseconds(1_420))
    }

    @Test func theTableStandsStillWhileCallsAreJudged() throws {
        // At ten times the speed the next player is due 50 ms after the turn; a call at 20 ms holds it. A person's
        // call that soon would be a false start: the floor is off here, to watch the table stand still.
        var runner = try Self.turned(speed: 10, falseStartFloor: .zero)
        _ = runner.advance(to: .milliseconds(1_020))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(10)))
        #expect(runner.advance(to: .milliseconds(1_100)).isEmpty)
        #expect(runner.table.activeSeat == .bottom)
        #expect(throws: TableError.snapInProgress) { try runner.perform(.turnCard(.bottom)) }
        let events = runner.advance(to: .milliseconds(1_200))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
    }

    @Test func playersWithNoNetworkMakeNobodyWait() throws {
        // Computer players and a terminal player at the server's own machine: judged as they call.
        var runner = Self.runner()
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.advance(to: .milliseconds(1_300))
        let events = try runner.perform(.callSnap(.top))
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        #expect(events.contains(.callTimed(.top, reaction: .milliseconds(300), margin: nil)))
    }

    @Test func equalReactionsGoToTheFirstToArrive() throws {
        var runner = try Self.turned(near: 40, far: 40)
        _ = runner.advance(to: .milliseconds(1_280))
        _ = try runner.perform(.callSnap(.top, reaction: .milliseconds(200)))
        _ = runner.advance(to: .milliseconds(1_285))
        let events = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(200)))
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        #expect(events.contains(.callTimed(.top, reaction: .milliseconds(200), margin: .zero)))
    }

    @Test func aLieAboutTheReactionGainsNoMoreThanTheNetworkAllows() throws {
        // Lucy and Ann are both 5 ms away (a 10 ms round trip; 20 ms allowed). Lucy honestly took 240 ms.
        var runner = try Self.turned(near: 5, far: 5)
        _ = runner.advance(to: .milliseconds(1_250))
        _ = try runner.perform(.callSnap(.top, reaction: .milliseconds(240)))
        // Ann truly took 249 ms and claims none at all: she is credited with 259 − 20 = 239 ms. The lie bought
        // her 10 ms — what her allowance holds beyond her real round trip — and no more.
        _ = runner.advance(to: .milliseconds(1_259))
        let events = try runner.perform(.callSnap(.bottom, reaction: .zero))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        #expect(events.contains(.callTimed(.bottom, reaction: .milliseconds(239), margin: .milliseconds(1))))

        // Had she truly taken 251 ms, the verdict would have been given before her call arrived.
        var honest = try Self.turned(near: 5, far: 5)
        _ = honest.advance(to: .milliseconds(1_250))
        _ = try honest.perform(.callSnap(.top, reaction: .milliseconds(240)))
        _ = honest.advance(to: .milliseconds(1_261))
        #expect(try honest.perform(.callSnap(.bottom, reaction: .zero)) == [.snapCalled(.bottom, .tooLate)])
    }

    @Test func aCallAfterTheVerdictIsTooLateAtOnce() throws {
        var runner = try Self.turned()
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        _ = runner.advance(to: .milliseconds(1_420))
        _ = runner.advance(to: .milliseconds(1_500))
        #expect(try runner.perform(.callSnap(.top, reaction: .milliseconds(10))) == [.snapCalled(.top, .tooLate)])
    }

    @Test func aLeaveWhileCallsAreJudgedComesAfterTheVerdict() throws {
        let table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .left, closed: "4D", open: "9D"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        runner.allowances = [.bottom: Self.steady(5), .left: Self.steady(5), .top: Self.steady(80)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.advance(to: .milliseconds(1_200))
        _ = try runner.perform(.callSnap(.left, reaction: .milliseconds(190)))
        // The calls were about three nines on the table: they are judged before the leaver's cards move.
        let events = try runner.perform(.leave(.top))
        #expect(events.first == .snapCalled(.left, .correct(matching: [.left, .top, .bottom])))
        #expect(events.contains { if case .playerLeft(.top, _) = $0 { true } else { false } })
        #expect(runner.judge == nil)
        #expect(runner.table.cardsAccountedFor)
    }

    /// Found by the table fuzz target (Fuzz/): leaving an empty seat gave the verdict before it was refused.
    @Test func leavingAnEmptySeatWhileCallsAreJudgedIsRefusedAndChangesNothing() throws {
        var runner = try Self.turned()
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        let before = runner.table
        let judge = runner.judge
        #expect(throws: TableError.notSeated) { try runner.perform(.leave(.left)) }
        #expect(runner.judge == judge)
        #expect(runner.table == before)
        #expect(runner.nextDeadline == .milliseconds(1_420))
    }

    @Test func aPlayerWhoDropsWhileCallsAreJudgedIsNotWaitedFor() throws {
        var runner = try Self.turned()
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(runner.nextDeadline == .milliseconds(1_420))
        // Lucy's connection drops: she cannot call any more, so her allowance is gone and the verdict is due.
        runner.allowances[.top] = nil
        #expect(runner.nextDeadline == .milliseconds(1_260))
        #expect(runner.advance(to: .milliseconds(1_261)).first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
    }

    @Test func pressingAgainWhileJudgedChangesNothing() throws {
        var runner = try Self.turned()
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(try runner.perform(.callSnap(.bottom, reaction: .zero)).isEmpty)
        #expect(runner.judge?.calls.count == 1)
    }

    /// One race: each player's one-way delay and true reaction; honest clients claim their true reaction.
    struct Race: Sendable, CustomTestStringConvertible {
        var annDelay: Int
        var annReaction: Int
        var lucyDelay: Int
        var lucyReaction: Int
        var winner: Seat
        var testDescription: String {
            "Ann \(annDelay) ms away took \(annReaction) ms, Lucy \(lucyDelay) ms away took \(lucyReaction) ms"
        }
    }

    @Test(arguments: [
        Race(annDelay: 5, annReaction: 250, lucyDelay: 80, lucyReaction: 240, winner: .top),
        Race(annDelay: 5, annReaction: 230, lucyDelay: 80, lucyReaction: 240, winner: .bottom),
        Race(annDelay: 80, annReaction: 205, lucyDelay: 5, lucyReaction: 215, winner: .bottom),
        Race(annDelay: 40, annReaction: 300, lucyDelay: 40, lucyReaction: 295, winner: .top),
        Race(annDelay: 0, annReaction: 400, lucyDelay: 95, lucyReaction: 390, winner: .top),
        // Equal reactions: the earlier arrival.
        Race(annDelay: 5, annReaction: 250, lucyDelay: 80, lucyReaction: 250, winner: .bottom),
    ])
    func theTrulyFasterPlayerWinsWhateverTheirNetwork(_ race: Race) throws {
        var runner = try Self.turned(near: race.annDelay, far: race.lucyDelay)
        let calls = [
            (seat: Seat.bottom, arrival: 2 * race.annDelay + race.annReaction, reaction: race.annReaction),
            (seat: Seat.top, arrival: 2 * race.lucyDelay + race.lucyReaction, reaction: race.lucyReaction),
        ].sorted { $0.arrival < $1.arrival }
        var events = [TableEvent]()
        for call in calls {
            events += runner.advance(to: .seconds(1) + .milliseconds(call.arrival))
            events += try runner.perform(.callSnap(call.seat, reaction: .milliseconds(call.reaction)))
        }
        events += runner.advance(to: .seconds(2))
        let judged = events.first { if case .snapCalled(_, let verdict) = $0 { verdict != .tooLate } else { false } }
        guard case .snapCalled(let winner, _)? = judged else { Issue.record("no verdict"); return }
        #expect(winner == race.winner)
    }
}
