import SnapCore
import SnapProtocol

/// The countdowns a table shows its players — a quick round's clock and the active player's turn timer — and
/// which of them the players have been told about.
///
/// The runner knows when its timers are due; this turns those deadlines into RoundClock and TurnClock packets
/// (real milliseconds left) whenever one is set anew, so a client only ever counts down on its own clock.
struct TableClocks: Sendable {
    private var roundDeadline: Duration?
    private var turnDeadline: Duration?
    private var turnSeat: Seat?

    /// The clock packets for countdowns set since the last call (`all`: for every countdown running, as for a
    /// client that has just been sent a snapshot), from the runner's deadlines (``SnapCore/TableRunner/roundDeadline``
    /// and ``SnapCore/TableRunner/turnDeadline``). `now` is the runner's time now. The deadlines, not the runner: a
    /// runner passed from a table's actor is copied (even `borrowing`, measured), and this is asked after every change.
    mutating func packets(
        round: Duration?, turn: (seat: Seat, deadline: Duration)?, at now: Duration, all: Bool
    ) -> [Packet] {
        var packets = [Packet]()
        if let round, all || round != roundDeadline {
            packets.append(.roundClock(remaining: Self.milliseconds(round - now)))
        }
        if let turn, all || turn.deadline != turnDeadline || turn.seat != turnSeat {
            packets.append(.turnClock(seat: turn.seat, remaining: Self.milliseconds(turn.deadline - now)))
        }
        if !all {
            roundDeadline = round
            (turnSeat, turnDeadline) = (turn?.seat, turn?.deadline)
        }
        return packets
    }

    /// What a snapshot of `view` leaves out and a version 3 client is sent after it: the settings, the last round's
    /// deal once it is over, and whether the time is up or the round is in sudden death while it is played. (Each
    /// client is sent the packets of its version.)
    static func snapshotPackets(_ view: PlayerView) -> [Packet] {
        var packets = Packet.settings(view.settings)
        if let deal = view.deal { packets.append(.roundDeal(deal)) }
        guard view.phase == .playing else { return packets }
        if view.timeIsUp { packets.append(.timeUp) }
        if !view.suddenDeath.isEmpty { packets.append(.suddenDeath(view.suddenDeath)) }
        return packets
    }

    private static func milliseconds(_ duration: Duration) -> UInt32 {
        UInt32(clamping: max(0, duration.milliseconds))
    }
}
