import SnapCore
import SnapProtocol
import Testing

/// A client that only sees bytes keeps exactly the view the table computes for it.
@Suite struct WireMirrorTests {
    /// Version 9 and before: the classic packets, one to a message. Version 10: the moment's fewer packets, all in
    /// one message.
    @Test(arguments: [2, 3, 4], [UInt8(9), 10])
    func mirrorsFedThroughTheWireMatchTheTable(players: Int, version: UInt8) throws {
        var table = Table()
        for index in 0..<players {
            _ = try table.join(PlayerInfo(id: PlayerID("p\(index)"), name: "P\(index)", isComputer: true))
        }
        var runner = TableRunner(table: table, generator: SplitMix64(seed: UInt64(40 + players)))
        var translator = TableEventPackets(seating: runner.table)
        var mirrors = runner.table.occupiedSeats.map { runner.table.view(for: $0) }
        var number: UInt32 = 0

        func deliver(_ events: [TableEvent]) throws {
            let moment = translator.moment(for: events)
            let packets = moment.packets(for: version)
            if version < 10 {
                #expect(packets == moment.classic)
                #expect(!packets.contains { $0.type == .turn || $0.type == .snapJudged })
            } else {
                #expect(!packets.contains { $0.type == .activatePlayer || $0.type == .callTiming })
                #expect(packets.count <= moment.classic.count)
            }
            let first = number
            let frames = packets.map { packet in
                defer { number += 1 }
                return Frame(number: number, packet: packet)
            }
            let received: [Frame]
            if version < 10 {
                received = try frames.map { try Frame.decode($0.encoded()) }
            } else {
                received = frames.isEmpty ? [] : try Frame.decodeMessage(frames.flatMap { $0.encoded() })
            }
            #expect(received == frames)
            #expect(received.map(\.number) == (first..<number).map { $0 })
            for decoded in received {
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
