import SnapCore
import SnapProtocol
import Synchronization

/// What the lobby lists about one table, kept fresh by the table and readable from anywhere without waiting
/// for the table's actor.
final class LobbySummary: Sendable {
    private let state: Mutex<TableSummary>

    /// The summary of an empty table with this code.
    init(code: String) {
        state = Mutex(TableSummary(code: code, hostName: "", players: 0, seatsFree: UInt8(Seat.count), roundUnderWay: false))
    }

    /// The summary now.
    var current: TableSummary { state.withLock { $0 } }

    /// Brings the summary up to date with `table`; whether it changed.
    @discardableResult
    func update(from table: Table) -> Bool {
        state.withLock {
            let before = $0
            $0.hostName = table.host.flatMap { table[$0]?.info.name } ?? ""
            $0.players = UInt8(table.playerCount)
            $0.seatsFree = UInt8(Seat.count - table.playerCount)
            $0.roundUnderWay = table.phase.isRoundUnderWay
            return $0 != before
        }
    }
}
