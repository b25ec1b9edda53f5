import SnapCore
import SnapProtocol

/// The people watching one table, by the id they signed in with. They have no seat: they are sent what a seat-less
/// view shows, always after the players, and never keep the table open.
struct TableWatchers {
    private(set) var byID: [PlayerID: Outbox] = [:]

    /// The connection of the watcher `id`.
    subscript(id: PlayerID) -> Outbox? { byID[id] }

    /// How many people are watching.
    var count: Int { byID.count }

    /// Whether nobody is watching.
    var isEmpty: Bool { byID.isEmpty }

    /// The WatcherCount packet for the watchers now.
    var countPacket: Packet { .watcherCount(UInt16(clamping: byID.count)) }

    /// Adds a watcher.
    mutating func add(_ id: PlayerID, outbox: Outbox) {
        byID[id] = outbox
    }

    /// Removes a watcher; returns their connection, nil if they were not watching.
    @discardableResult
    mutating func remove(_ id: PlayerID) -> Outbox? {
        byID.removeValue(forKey: id)
    }

    /// Removes every watcher; returns their connections.
    mutating func removeAll() -> [Outbox] {
        defer { byID = [:] }
        return Array(byID.values)
    }
}
