import Testing
@testable import SnapCore

/// The host's choice of how rounds end and of the turn timer.
@Suite struct TableSettingsTests {
    static let quick3 = TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8))

    @Test func theHostChangesTheSettingsBetweenRoundsAndEveryMirrorFollows() throws {
        var table = tableWith(2)
        var mirror = table.view(for: .top)
        var generator = SplitMix64(seed: 1)
        let events = try table.perform(.changeSettings(Self.quick3, by: .bottom), using: &generator)
        #expect(events == [.settingsChanged(Self.quick3)])
        #expect(table.settings == Self.quick3)
        mirror.apply(events)
        #expect(mirror == table.view(for: .top))
        // The same settings again change nothing and say nothing.
        #expect(try table.perform(.changeSettings(Self.quick3, by: .bottom), using: &generator).isEmpty)
    }

    @Test func onlyTheHostMayChangeThemAndNotDuringARound() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 1)
        #expect(throws: TableError.notHost) { try table.perform(.changeSettings(Self.quick3, by: .top), using: &generator) }
        #expect(throws: TableError.notSeated) { try table.perform(.changeSettings(Self.quick3, by: .left), using: &generator) }
        _ = try table.perform(.startRound(by: .bottom), using: &generator)
        #expect(throws: TableError.roundUnderWay) {
            try table.perform(.changeSettings(Self.quick3, by: .bottom), using: &generator)
        }
        #expect(table.settings == TableSettings())
    }

    @Test(arguments: [
        TableSettings(roundLength: .quick(.seconds(200)), turnTime: nil),
        TableSettings(roundLength: .quick(.seconds(1)), turnTime: nil),
        TableSettings(roundLength: .classic, turnTime: .seconds(2)),
        TableSettings(roundLength: .classic, turnTime: .seconds(31)),
        TableSettings(roundLength: .classic, turnTime: .milliseconds(8_500)),
    ])
    func settingsAHostMayNotChooseAreRefused(settings: TableSettings) throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 1)
        #expect(!settings.isChoosable)
        #expect(throws: TableError.badSettings) { try table.perform(.changeSettings(settings, by: .bottom), using: &generator) }
        #expect(table.settings == TableSettings())
    }

    @Test func theChoicesAreThreeFiveAndTenMinutesOrClassicWithATimerOfThreeToThirtySeconds() {
        for minutes in [3, 5, 10] {
            #expect(TableSettings(roundLength: .quick(.seconds(60 * minutes)), turnTime: .seconds(3)).isChoosable)
        }
        #expect(TableSettings(roundLength: .classic, turnTime: .seconds(30)).isChoosable)
        #expect(TableSettings().isChoosable && TableSettings.standard.isChoosable)
        #expect(TableSettings.standard == TableSettings(roundLength: .quick(.seconds(300)), turnTime: .seconds(8)))
    }

    @Test func theRoundLengthCyclesThroughTheChoices() {
        var settings = TableSettings.standard
        var seen = [settings.summary]
        for _ in 0..<4 {
            settings = settings.withNextRoundLength
            seen.append(settings.summary)
        }
        #expect(seen == [
            "Quick round: 5 min · 8 s a turn", "Quick round: 10 min · 8 s a turn", "Classic round · 8 s a turn",
            "Quick round: 3 min · 8 s a turn", "Quick round: 5 min · 8 s a turn",
        ])
    }

    @Test func aNewRoundClearsTheTimeUpAndSuddenDeathInEveryView() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 3)
        _ = try table.perform(.changeSettings(Self.quick3, by: .bottom), using: &generator)
        _ = try table.perform(.startRound(by: .bottom), using: &generator)
        _ = try table.step(.finishDeal)
        var mirror = table.view(for: .top)
        let events = try table.perform(.timeRanOut, using: &generator)
        mirror.apply(events)
        #expect(mirror == table.view(for: .top))
        #expect(mirror.timeIsUp && mirror.suddenDeath == [.bottom, .top])
    }
}
