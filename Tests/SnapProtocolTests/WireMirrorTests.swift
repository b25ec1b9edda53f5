import SnapCore
import SnapProtocol
import Testing

/// A client that only sees bytes keeps exactly the view the table computes for it.
@Suite struct WireMirrorTests {
    @Test(arguments: [2, 3, 4])
    func mirrorsFedThroughTheWireMatchTheTable(players: Int) throws {
        var table = Table()
        for index in 0..<players {
            _ = try table.join(PlayerInfo(id: PlayerID("p\(index)"), name: "P\(index)", isComputer: true))
        }
        var runner = TableRunner(table: table, generator: SplitMix64(seed: UInt64(40 + players)))
        var translator = TableEventPackets(seating: runner.table)
        var mirrors = runner.table.occupiedSeats.map { runner.table.view(for: $0) }
        var number: UInt32 = 0

        func deliver(_ events: [TableEvent]) throws {
            for packet in translator.packets(for: events) {
                let bytes = Frame(number: number, packet: packet).encoded()
                number += 1
                let decoded = try Frame.decode(bytes)
                #expect(decoded.number == number - 1)
                for index in mirrors.indices {
                    let events = try #require(try decoded.packet.tableEvents(in: mirrors[index]))
                    mirrors[index].apply(events)
                }
            }
            for mirror in mirrors {
                #expect(mirror == runner.table.view(for: mirror.viewer))
            }
        }

        for _ in 0..<2 {
            try deliver(try runner.perform(.startRound(by: runner.table.host!)))
            while runner.table.phase.isRoundUnderWay, let events = runner.fireNextTimer() {
                try deliver(events)
            }
        }
        // Someone leaves between rounds; the seats are rearranged when the next round starts.
        try deliver(try runner.perform(.leave(.bottom)))
        mirrors.removeAll { $0.viewer == .bottom }
        if runner.table.playerCount >= 2 {
            try deliver(try runner.perform(.startRound(by: runner.table.host!)))
        }
    }
}
