import SnapCore
import SnapProtocol

/// Why a table's journal could not rebuild it on the node taking it over.
enum TableRebuildError: Error, CustomStringConvertible {
    /// The journal has no checkpoint to start from (its node died before writing anything).
    case noCheckpoint
    /// An entry could not be read.
    case unreadable(position: Int64, ProtocolError)
    /// The rules refused a journaled action: the journal does not belong to these rules.
    case refused(position: Int64, action: TableAction, TableError)

    var description: String {
        switch self {
        case .noCheckpoint: "the journal has no checkpoint to start from"
        case .unreadable(let position, let error): "journal entry \(position) cannot be read: \(error)"
        case .refused(let position, let action, let error):
            "journal entry \(position) (\(action)) was refused on rebuilding: \(error); the journal does not match these rules"
        }
    }
}
