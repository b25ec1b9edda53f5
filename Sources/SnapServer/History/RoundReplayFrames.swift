import SnapCore
import SnapProtocol

/// A stored round as a watcher would have received it: the packets of each moment, with their times, made by
/// replaying the round's log on the rules (so a replay shows exactly what happened, and never a face-down card:
/// the packets are the ones every seat was sent, and the first is a snapshot from no seat).
struct RoundReplayFrames {
    /// The packets of one moment of the round.
    struct Moment: Sendable {
        /// From the start of the round, on the table's timeline.
        var offset: Duration
        var packets: [Packet]
    }

    /// Every moment of the round that sent something, the first (at zero) being the table as the round began.
    static func moments(of log: RoundLog) throws(RoundReplayError) -> [Moment] {
        var replay = RoundReplay(log)
        var seating = TableEventPackets(seating: replay.runner.table)
        var clocks = TableClocks()
        let view = replay.runner.table.view(for: nil)
        var moments = [Moment(offset: .zero, packets: [.snapshot(view)] + TableClocks.snapshotPackets(view))]
        while let events = try replay.next() {
            let runner = replay.runner
            let packets = seating.packets(for: events)
                + clocks.packets(round: runner.roundDeadline, turn: runner.turnDeadline, at: runner.now, all: false)
            guard !packets.isEmpty else { continue }
            if let last = moments.last, last.offset == runner.now {
                moments[moments.count - 1].packets += packets
            } else {
                moments.append(Moment(offset: runner.now, packets: packets))
            }
        }
        return moments
    }
}
