import Testing
@testable import SnapCore

/// A head start (RULES.md): the host gives a seat 0–500 ms, and that player's reaction counts as that much shorter.
@Suite struct HeadStartTests {
    /// Ann (bottom, 5 ms away) is active and turns the 9♣ at one second onto Lucy's 9♥ (top, 80 ms away);
    /// Lucy has `lucys` head start.
    static func turned(lucys headStart: Int) throws -> TableRunner<SplitMix64> {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        table.settings.setHeadStart(.milliseconds(headStart), for: .top)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        runner.allowances = [.bottom: JudgingTests.steady(5), .top: JudgingTests.steady(80)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        return runner
    }

    /// Ann reacts in 250 ms, Lucy in `lucys` ms; the events of the verdict.
    static func race(lucysReaction: Int, lucysHeadStart: Int) throws -> [TableEvent] {
        var runner = try turned(lucys: lucysHeadStart)
        _ = runner.advance(to: .milliseconds(1_260))
        var events = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        events += runner.advance(to: .milliseconds(1_000 + 160 + lucysReaction))
        events += try runner.perform(.callSnap(.top, reaction: .milliseconds(lucysReaction)))
        if let deadline = runner.nextDeadline, runner.judge != nil { events += runner.advance(to: deadline) }
        return events
    }

    @Test func aCall150msSlowerWithA200msHeadStartWins() throws {
        let events = try Self.race(lucysReaction: 400, lucysHeadStart: 200)
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        // Her reaction stays what it was; the margin is the head start's: 250 − (400 − 200).
        #expect(events.contains(.callTimed(.top, reaction: .milliseconds(400), margin: .milliseconds(50))))
        #expect(events.contains(.snapCalled(.bottom, .tooLate)))
    }

    @Test func exactlyTheHeadStartSlowerStillWins() throws {
        let events = try Self.race(lucysReaction: 450, lucysHeadStart: 200)
        #expect(events.first == .snapCalled(.top, .correct(matching: [.top, .bottom])))
        #expect(events.contains(.callTimed(.top, reaction: .milliseconds(450), margin: .zero)))
    }

    @Test func oneMillisecondOverTheHeadStartLoses() throws {
        let events = try Self.race(lucysReaction: 451, lucysHeadStart: 200)
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        #expect(events.contains(.callTimed(.bottom, reaction: .milliseconds(250), margin: .milliseconds(1))))
    }

    @Test func withoutAHeadStartTheSameRaceGoesToTheFaster() throws {
        let events = try Self.race(lucysReaction: 400, lucysHeadStart: 0)
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        // Judged before Lucy's call came: nobody could still beat Ann once Lucy's allowance had passed.
        #expect(events.contains(.callTimed(.bottom, reaction: .milliseconds(250), margin: nil)))
        #expect(events.last == .snapCalled(.top, .tooLate))
    }

    @Test func theVerdictWaitsAsLongAsAPlayerWithAHeadStartCouldStillWin() throws {
        var runner = try Self.turned(lucys: 300)
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        // Lucy could still rank under 250 ms until 1 s + 250 ms + her allowance (170 ms) + her head start (300 ms).
        #expect(runner.nextDeadline == .milliseconds(1_720))
        #expect(runner.advance(to: .milliseconds(1_719)).isEmpty)
        #expect(runner.advance(to: .milliseconds(1_720)).first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
    }

    @Test func theCallerWithTheHeadStartIsNotWaitedForTwice() throws {
        // Ann has the head start and calls first: nobody else can beat her ranking of 250 − 500 ms once Lucy's
        // allowance has passed.
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        table.settings.setHeadStart(.milliseconds(500), for: .bottom)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        runner.allowances = [.bottom: JudgingTests.steady(5), .top: JudgingTests.steady(80)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.advance(to: .milliseconds(1_260))
        // 1 s + (250 − 500) ms + 170 ms is already past: the verdict comes at once.
        let events = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        #expect(runner.judge == nil)
    }

    // MARK: - The setting

    @Test func onlyTheChoicesAreChoosable() {
        for headStart in TableSettings.headStartChoices {
            var settings = TableSettings.standard
            settings.setHeadStart(headStart, for: .left)
            #expect(settings.isChoosable)
        }
        for milliseconds in [1, 50, 150, 400, 501, 1_000, -100] {
            var settings = TableSettings.standard
            settings.setHeadStart(.milliseconds(milliseconds), for: .left)
            #expect(!settings.isChoosable, "\(milliseconds) ms")
        }
    }

    @Test func noHeadStartIsNotKept() {
        var settings = TableSettings.standard
        settings.setHeadStart(.milliseconds(200), for: .top)
        settings.setHeadStart(.zero, for: .top)
        #expect(settings == TableSettings.standard)
        #expect(TableSettings(headStarts: [.top: .zero]) == TableSettings())
    }

    @Test func onlyTheHostGivesAHeadStartAndOnlyBetweenRounds() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 1)
        var settings = table.settings
        settings.setHeadStart(.milliseconds(200), for: .top)
        #expect(throws: TableError.notHost) { try table.perform(.changeSettings(settings, by: .top), using: &generator) }
        #expect(try table.perform(.changeSettings(settings, by: .bottom), using: &generator) == [.settingsChanged(settings)])
        #expect(table.settings.headStart(for: .top) == .milliseconds(200))
        var tooMuch = settings
        tooMuch.setHeadStart(.milliseconds(600), for: .top)
        #expect(throws: TableError.badSettings) {
            try table.perform(.changeSettings(tooMuch, by: .bottom), using: &generator)
        }
        _ = try table.perform(.startRound(by: .bottom), using: &generator)
        #expect(throws: TableError.roundUnderWay) {
            try table.perform(.changeSettings(TableSettings(), by: .bottom), using: &generator)
        }
        #expect(table.settings.headStart(for: .top) == .milliseconds(200))
    }

    @Test func aHeadStartLeavesWithItsPlayerAndEveryMirrorFollows() throws {
        var table = tableWith(2)
        var mirror = table.view(for: .bottom)
        var generator = SplitMix64(seed: 1)
        var settings = table.settings
        settings.setHeadStart(.milliseconds(300), for: .top)
        mirror.apply(try table.perform(.changeSettings(settings, by: .bottom), using: &generator))
        let events = try table.perform(.leave(.top), using: &generator)
        #expect(table.settings.headStarts.isEmpty)
        #expect(events.contains(.settingsChanged(table.settings)))
        mirror.apply(events)
        #expect(mirror == table.view(for: .bottom))
    }

    @Test func aHeadStartMovesWithItsPlayerWhenTheSeatsAreArranged() throws {
        // Three players (bottom, left, top); the top one leaves, so the left one moves to the top when the next
        // round starts.
        var table = tableWith(3)
        var generator = SplitMix64(seed: 1)
        let mover = try #require(table[.left]?.info.name)
        var settings = table.settings
        settings.setHeadStart(.milliseconds(100), for: .left)
        _ = try table.perform(.changeSettings(settings, by: .bottom), using: &generator)
        _ = try table.perform(.leave(.top), using: &generator)
        let events = try table.perform(.startRound(by: .bottom), using: &generator)
        #expect(table[.top]?.info.name == mover)
        #expect(table.settings.headStarts == [.top: .milliseconds(100)])
        #expect(events.contains(.settingsChanged(table.settings)))
    }
}
