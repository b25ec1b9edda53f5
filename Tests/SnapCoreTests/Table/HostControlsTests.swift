import Testing
@testable import SnapCore

/// The host's controls (RULES.md, issue 28): removing a player, locking the table, making it private; and who may.
@Suite struct HostControlsTests {
    private var rng = SplitMix64(seed: 7)
    private static let newcomer = PlayerInfo(id: PlayerID("zoe"), name: "Zoe")

    // MARK: Removing a player

    @Test func theHostRemovesAPlayerBetweenRounds() throws {
        var table = tableWith(3)
        var rng = rng
        let events = try table.perform(.remove(.top, by: .bottom), using: &rng)
        #expect(events == [.playerLeft(.top, handedOutTo: [])])
        #expect(table[.top] == nil)
        #expect(table.playerCount == 2)
        #expect(table.cardsAccountedFor)
    }

    @Test func aPlayerRemovedMidRoundHandsOutTheirCardsAsALeaverDoes() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "3C 4C 5C", open: "6C 7C"),
            Hand(seat: .top, closed: "8C"),
        ], active: .bottom)
        var left = table
        var rng = rng
        let removed = try table.perform(.remove(.left, by: .bottom), using: &rng)
        #expect(removed == (try left.leave(.left)))
        #expect(table == left)
        #expect(table.cardsAccountedFor)
        #expect(table.allCards.count == 52)
    }

    @Test func onlyTheHostMayRemove() throws {
        var table = tableWith(3)
        var rng = rng
        #expect(throws: TableError.notHost) { try table.perform(.remove(.top, by: .left), using: &rng) }
        #expect(throws: TableError.notSeated) { try table.perform(.remove(.top, by: .right), using: &rng) }
        #expect(throws: TableError.notSeated) { try table.perform(.remove(.right, by: .bottom), using: &rng) }
        #expect(throws: TableError.cannotRemoveHost) { try table.perform(.remove(.bottom, by: .bottom), using: &rng) }
        #expect(table == tableWith(3))
    }

    @Test func aRemovalDuringACallIsJudgedAfterTheVerdict() throws {
        // Ann turns the 9♣ onto Lucy's 9♥ and calls; Ray is removed before the verdict is due: the call is judged
        // against the table as it was, then Ray's cards go out.
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C 9C", open: "5C"),
            Hand(seat: .left, closed: "4D 4H"),
            Hand(seat: .top, closed: "3C 7H", open: "9H"),
        ], active: .bottom)
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 1))
        // Lucy's network leaves time for a faster call of hers to come: the verdict waits.
        runner.allowances = [.bottom: JudgingTests.steady(5), .top: JudgingTests.steady(80)]
        _ = runner.advance(to: .seconds(1))
        _ = try runner.perform(.turnCard(.bottom))
        _ = runner.advance(to: .milliseconds(1_260))
        _ = try runner.perform(.callSnap(.bottom, reaction: .milliseconds(250)))
        #expect(throws: TableError.notHost) { try runner.perform(.remove(.left, by: .top)) }
        #expect(runner.judge != nil)
        let events = try runner.perform(.remove(.left, by: .bottom))
        #expect(events.first == .snapCalled(.bottom, .correct(matching: [.bottom, .top])))
        #expect(events.contains { if case .playerLeft(.left, _) = $0 { true } else { false } })
        #expect(runner.table.cardsAccountedFor)
        table = runner.table
        #expect(table[.left] == nil)
    }

    // MARK: Locking

    @Test func nobodyNewJoinsALockedTable() throws {
        var table = tableWith(2)
        var rng = rng
        var locked = table.settings
        locked.isLocked = true
        #expect(try table.perform(.changeSettings(locked, by: .bottom), using: &rng) == [.settingsChanged(locked)])
        #expect(throws: TableError.tableLocked) { try table.join(Self.newcomer) }
        #expect(table.playerCount == 2)
        // The host may still seat a computer player.
        _ = try table.join(PlayerInfo(id: PlayerID("c1"), name: "Lucy", isComputer: true))
        #expect(table.playerCount == 3)
        locked.isLocked = false
        _ = try table.perform(.changeSettings(locked, by: .bottom), using: &rng)
        #expect(try table.join(Self.newcomer).seat == .right)
    }

    @Test func aFullTableSaysFullBeforeLocked() throws {
        var table = tableWith(4)
        table.settings.isLocked = true
        #expect(throws: TableError.tableFull) { try table.join(Self.newcomer) }
    }

    @Test func onlyTheHostLocksOrMakesPrivate() throws {
        var table = tableWith(2)
        var rng = rng
        var changed = table.settings
        changed.isLocked = true
        #expect(throws: TableError.notHost) { try table.perform(.changeSettings(changed, by: .top), using: &rng) }
        changed = table.settings
        changed.isPrivate = true
        #expect(throws: TableError.notHost) { try table.perform(.changeSettings(changed, by: .top), using: &rng) }
        #expect(table.settings == TableSettings())
    }

    @Test func lockingAndPrivacyChangeDuringARoundButNothingElseDoes() throws {
        var table = playingTable([Hand(seat: .bottom, closed: "2C"), Hand(seat: .top, closed: "3C")], active: .bottom)
        var rng = rng
        var access = table.settings
        access.isLocked = true
        access.isPrivate = true
        #expect(try table.perform(.changeSettings(access, by: .bottom), using: &rng) == [.settingsChanged(access)])
        var longer = access
        longer.turnTime = .seconds(10)
        #expect(throws: TableError.roundUnderWay) { try table.perform(.changeSettings(longer, by: .bottom), using: &rng) }
        #expect(table.settings == access)
    }

    @Test func onlyAccessDiffersIsExact() {
        let plain = TableSettings.standard
        var access = plain
        access.isPrivate = true
        #expect(access.differsOnlyInAccess(from: plain))
        #expect(plain.differsOnlyInAccess(from: plain))
        var headStart = access
        headStart.setHeadStart(.milliseconds(200), for: .top)
        #expect(!headStart.differsOnlyInAccess(from: plain))
    }
}
