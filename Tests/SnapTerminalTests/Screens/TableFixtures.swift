import SnapCore

/// Tables in known states for the renderer tests, all from `SplitMix64(seed: 1)`.
///
/// With that seed the first nine cards turned (Lucy first) end with Lucy's 6♦ on top of Tester's 6♣: a match.
enum TableFixtures {
    static let person = PlayerInfo(id: PlayerID("you"), name: "Tester")

    /// A single-player table after the deal, with `turns` cards turned and the next player activated after
    /// each but the last.
    static func table(turns: Int) throws -> Table {
        var generator = SplitMix64(seed: 1)
        var table = Table.singlePlayer(person)
        // Shuffled straight from the seed, as rounds were before deal codes: the positions below are that deck's.
        _ = try table.perform(.startRound(by: .bottom, deal: .withoutCode), using: &generator)
        _ = try table.perform(.advance(.finishDeal), using: &generator)
        for turn in 0..<turns {
            if turn > 0 { _ = try table.perform(.advance(.activateNext), using: &generator) }
            _ = try table.perform(.turnCard(table.activeSeat!), using: &generator)
        }
        return table
    }

    /// Nine cards turned: Lucy's 6♦ matches Tester's 6♣, Lucy is active.
    static func match() throws -> Table { try table(turns: 9) }

    /// The match, then Ray calls (correct) and Steve calls (too late).
    static func afterCalls() throws -> Table {
        var table = try match()
        var generator = SplitMix64(seed: 1)
        _ = try table.perform(.callSnap(.left), using: &generator)
        _ = try table.perform(.callSnap(.right), using: &generator)
        return table
    }

    /// One card turned (Lucy's 4♦), then Tester calls with no match: wrong.
    static func wrongCall() throws -> Table {
        var table = try table(turns: 1)
        var generator = SplitMix64(seed: 1)
        _ = try table.perform(.callSnap(.bottom), using: &generator)
        return table
    }

    /// A view made by hand: Ray out; Tester 10♥, Lucy Q♦, Steve 9♠ on top: no match; Lucy active.
    static func handMadeView() -> PlayerView {
        var view = PlayerView(viewer: .bottom)
        view.phase = .playing
        view.round = 3
        view.host = .bottom
        let names = ["Tester", "Ray", "Lucy", "Steve"]
        let suits: [Suit] = [.hearts, .clubs, .diamonds, .spades]
        let values: [UInt8] = [10, 1, 12, 9]
        for seat in Seat.allCases {
            let index = Int(seat.rawValue)
            let info = PlayerInfo(
                id: PlayerID(names[index].lowercased()), name: names[index], isComputer: seat != .bottom)
            view[seat] = SeatView(
                info: info, closedCount: 12 + index, open: [Card(suit: suits[index], value: values[index])!],
                gamesWon: index)
        }
        view[.left]!.closedCount = 0
        view[.left]!.open = []
        view.active = .top
        return view
    }
}
