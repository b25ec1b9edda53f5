import Testing
@testable import SnapCore

/// Clients keep a ``PlayerView`` up to date from events alone; after every action it must equal the view
/// the table computes for them.
@Suite struct MirrorTests {
    @Test(arguments: [2, 3, 4])
    func mirrorsFollowWholeComputerGamesExactly(players: Int) throws {
        var runner = TableRunner(table: tableWith(players, computers: true), generator: SplitMix64(seed: UInt64(players)))
        var mirrors = Dictionary(uniqueKeysWithValues: runner.table.occupiedSeats.map {
            (runner.table[$0]!.info.id, runner.table.view(for: $0))
        })
        var watcher = runner.table.view(for: nil)
        var rounds = 0
        while rounds < 3 {
            let events = try runner.perform(.startRound(by: runner.table.host!))
            apply(events, to: &mirrors, and: &watcher, table: runner.table)
            while runner.table.phase.isRoundUnderWay, let events = runner.fireNextTimer() {
                apply(events, to: &mirrors, and: &watcher, table: runner.table)
            }
            #expect(runner.table.phase != .playing)
            rounds += 1
        }
    }

    private func apply(
        _ events: [TableEvent], to mirrors: inout [PlayerID: PlayerView], and watcher: inout PlayerView, table: Table
    ) {
        for id in mirrors.keys {
            mirrors[id]!.apply(events)
            #expect(mirrors[id] == table.view(for: table.seat(of: id)))
            #expect(mirrors[id]!.cardCount == 52)
        }
        watcher.apply(events)
        #expect(watcher == table.view(for: nil))
    }
}
