import SnapCore
import Testing

/// "Lucy is next" must name whom the table then activates: ``PlayerView/nextToTurn`` works it out from a view by
/// the table's own rule, checked here against the table over a long run of turns, recycled piles included.
@Suite struct NextTurnTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func theNextPlayerShownIsTheOneTheTableActivates(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        var table = Table.singlePlayer(PlayerInfo(id: PlayerID("you"), name: "Tester"))
        _ = try table.perform(.startRound(by: .bottom), using: &generator)
        _ = try table.perform(.advance(.finishDeal), using: &generator)
        var checked = 0
        for _ in 0..<300 {
            guard let active = table.activeSeat else { break }
            _ = try table.perform(.turnCard(active), using: &generator)
            let predicted = table.view(for: .bottom).nextToTurn
            let events = try table.perform(.advance(.activateNext), using: &generator)
            let activated = events.compactMap { event -> Seat? in
                if case .activated(let seat) = event { seat } else { nil }
            }
            #expect(activated.first == predicted)
            checked += 1
        }
        #expect(checked == 300, "every turn was checked")
    }
}
