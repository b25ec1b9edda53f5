import SnapProtocol
import SnapStore
import Synchronization

/// Every listed table of every node of the cluster, as the directory's changes (``ClusterDatabase/changes()``)
/// last told: what the lobby lists besides its own tables. Readable from anywhere without waiting.
final class ClusterListingCache: Sendable {
    private let tables = Mutex<[String: ClusterTable]>([:])
    private let ownURL: String

    /// An empty cache for the node at `ownURL`.
    init(ownURL: String) {
        self.ownURL = ownURL
    }

    /// Applies a change from the directory.
    func apply(_ change: ClusterChange) {
        tables.withLock { tables in
            switch change {
            case .current(let all): tables = Dictionary(all.map { ($0.listing.code, $0) }, uniquingKeysWith: { _, last in last })
            case .listed(let table): tables[table.listing.code] = table
            case .unlisted(let code): tables[code] = nil
            case .nodeLeft(let url): tables = tables.filter { $0.value.nodeURL != url }
            case .nodeJoined: break
            }
        }
    }

    /// The open tables of the other nodes that people can join (not single-player, someone seated), leaving out
    /// the codes in `local`: this node's own tables are listed from the tables themselves.
    func otherNodesTables(besides local: Set<String>) -> [TableSummary] {
        tables.withLock { tables in
            tables.values.compactMap { table -> TableSummary? in
                let listing = table.listing
                guard table.nodeURL != ownURL, !local.contains(listing.code), !listing.solo, listing.players > 0 else {
                    return nil
                }
                return TableSummary(
                    code: listing.code, hostName: listing.hostName, players: UInt8(clamping: listing.players),
                    seatsFree: UInt8(clamping: listing.seatsFree), roundUnderWay: listing.roundUnderWay)
            }
        }
    }
}
