import SnapCore
import SnapProtocol
import Synchronization

/// What the lobby lists about one table, kept fresh by the table and readable from anywhere without waiting
/// for the table's actor.
final class LobbySummary: Sendable {
    private struct State: Equatable {
        var summary: TableSummary
        var isPrivate = false
    }

    private let state: Mutex<State>

    /// The summary of an empty table with this code.
    init(code: String) {
        state = Mutex(State(summary: TableSummary(
            code: code, hostName: "", players: 0, seatsFree: UInt8(Seat.count), roundUnderWay: false)))
    }

    /// The summary now.
    var current: TableSummary { state.withLock { $0.summary } }

    /// Whether the host made the table private: it is then in no listing.
    var isPrivate: Bool { state.withLock { $0.isPrivate } }

    /// Brings the summary up to date with `table`; whether it changed.
    @discardableResult
    func update(from table: borrowing Table) -> Bool {
        state.withLock {
            let before = $0
            $0.summary.hostName = table.host.flatMap { table[$0]?.info.name } ?? ""
            $0.summary.players = UInt8(table.playerCount)
            $0.summary.seatsFree = UInt8(Seat.count - table.playerCount)
            $0.summary.roundUnderWay = table.phase.isRoundUnderWay
            $0.isPrivate = table.settings.isPrivate
            return $0 != before
        }
    }
}
