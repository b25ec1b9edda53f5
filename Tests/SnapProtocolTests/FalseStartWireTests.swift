import SnapCore
import SnapProtocol
import Testing

/// A false start on the wire (protocol 11): the verdict 4; clients of older versions are sent a wrong call, then the
/// table resuming after its payments, and keep a mirror that agrees with the table on every card.
@Suite struct FalseStartWireTests {
    static let falseStart: [Packet] = [
        .playerCalledSnap(id: PlayerID("p2"), verdict: .falseStart), .cardPaid(from: .top, to: .bottom),
        .cardPaid(from: .top, to: .left), .turn(seat: .left),
    ]

    @Test func versionElevenGetsTheFalseStartItself() {
        #expect(Self.falseStart.adapted(to: 11) == Self.falseStart)
    }

    @Test(arguments: [UInt8(1), 9, 10])
    func olderVersionsGetAWrongCallAndTheTableResumingAfterItsPayments(version: UInt8) {
        #expect(
            Self.falseStart.adapted(to: version) == [
                .playerCalledSnap(id: PlayerID("p2"), verdict: .wrong), .cardPaid(from: .top, to: .bottom),
                .cardPaid(from: .top, to: .left), .resumed, .turn(seat: .left),
            ])
        // A false start that ends the packets, its payer out.
        let out: [Packet] = [.playerCalledSnap(id: PlayerID("p4"), verdict: .falseStart), .cardPaid(from: .right, to: .top), .playerOut(.right)]
        #expect(out.adapted(to: version).suffix(2) == [.playerOut(.right), .resumed])
    }

    @Test func aSnapshotsFalseStartIsAWrongCallBeforeVersionEleven() {
        var view = PlayerView(viewer: .bottom)
        view.calls = [SnapCall(seat: .top, verdict: .falseStart), SnapCall(seat: .left, verdict: .correct(matching: [.left, .top]))]
        var older = view
        older.calls[0].verdict = .wrong
        #expect([Packet.snapshot(view)].adapted(to: 10) == [.snapshot(older)])
        #expect([Packet.snapshot(view)].adapted(to: 11) == [.snapshot(view)])
    }

    @Test func packetsWithoutAFalseStartAreTheSameForEveryVersion() {
        let packets: [Packet] = [.playerCalledSnap(id: PlayerID("p1"), verdict: .wrong), .cardPaid(from: .bottom, to: .top), .resumed]
        #expect(packets.adapted(to: 1) == packets)
    }

    /// Ann, a person, presses Snap! 10 ms after every card that makes a match, against three computer players; each
    /// client of versions 9, 10 and 11 mirrors the table from bytes.
    @Test(arguments: [UInt8(9), 10, 11])
    func mirrorsOfEveryVersionFollowFalseStarts(version: UInt8) throws {
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("p0"), name: "Ann", isComputer: false))
        for index in 1..<4 {
            _ = try table.join(PlayerInfo(id: PlayerID("p\(index)"), name: "C\(index)", isComputer: true))
        }
        var runner = TableRunner(table: table, generator: SplitMix64(seed: 11))
        var translator = TableEventPackets(seating: runner.table)
        var mirrors = runner.table.occupiedSeats.map { runner.table.view(for: $0) }
        var number: UInt32 = 0
        var falseStarts = 0

        func deliver(_ events: [TableEvent]) throws {
            falseStarts += events.count { $0 == .snapCalled(.bottom, .falseStart) }
            let packets = translator.moment(for: events).packets(for: version).adapted(to: version)
            #expect(!packets.contains(.playerCalledSnap(id: PlayerID("p0"), verdict: .falseStart)) || version >= 11)
            for packet in packets {
                let frame = Frame(number: number, packet: packet)
                number += 1
                let decoded = try Frame.decode(frame.encoded())
                for index in mirrors.indices {
                    let events = try #require(try decoded.packet.tableEvents(in: mirrors[index]))
                    mirrors[index].apply(events)
                }
            }
            for mirror in mirrors {
                var expected = runner.table.view(for: mirror.viewer)
                if version < Wire.falseStartsSince {
                    expected.calls = expected.calls.map { $0.verdict == .falseStart ? SnapCall(seat: $0.seat, verdict: .wrong) : $0 }
                }
                #expect(mirror == expected)
            }
        }

        try deliver(try runner.perform(.startRound(by: .bottom)))
        var steps = 0
        while runner.table.phase.isRoundUnderWay, steps < 3_000 {
            steps += 1
            let table = runner.table
            if table.phase == .playing, table.activeSeat == .bottom, !table.hasTurned, table.stop == nil,
                table[.bottom]?.closed.isEmpty == false
            {
                try deliver(try runner.perform(.turnCard(.bottom)))
            } else if table.phase == .playing, table.hasMatch, !table.callJudged, (table[.bottom]?.cardCount ?? 0) > 0,
                !table.hasFalseStarted(.bottom), runner.judge == nil
            {
                try deliver(runner.advance(to: runner.now + .milliseconds(10)))
                try deliver(try runner.perform(.callSnap(.bottom, reaction: .milliseconds(10))))
            } else if let events = runner.fireNextTimer() {
                try deliver(events)
            } else {
                break
            }
        }
        #expect(falseStarts > 0)
    }
}
