import SnapCore
import SnapProtocol

extension TableSession {
    /// Lets the person `id`, connected through `outbox`, watch the table without a seat.
    ///
    /// They get TableWatched, a Snapshot with no viewer (``Table/view(for:)`` decides what they see, as for a
    /// player), what a snapshot cannot say, and ServerReady; everyone gets the new WatcherCount.
    ///
    /// - Throws: ``WireErrorCode/unknownTable`` when the table has just closed, ``WireErrorCode/tooManyWatchers``
    ///   when it has as many watchers as the server allows.
    func watch(_ id: PlayerID, outbox: Outbox) throws(WireErrorCode) {
        guard !isClosed else { throw .unknownTable }
        guard watchers.count < environment.configuration.maximumWatchersPerTable else {
            throw .tooManyWatchers
        }
        catchUp()
        watchers.add(id, outbox: outbox)
        send(.tableWatched(code: code), to: id)
        sendSnapshot(to: id, seat: nil)
        sendPlayerList(to: id)
        send([watchers.countPacket])
        logger.info("someone is watching", metadata: ["watchers": "\(watchers.count)"])
    }

    /// The watcher `id` stops watching (they left, or their connection closed); everyone gets the new count.
    func stopWatching(_ id: PlayerID) {
        guard watchers.remove(id) != nil, !isClosed else { return }
        send([watchers.countPacket])
    }

    /// Whether the person `id` is watching this table (a closed table has no watchers).
    func isWatched(by id: PlayerID) -> Bool {
        watchers[id] != nil
    }

    /// How many people are watching.
    var watcherCount: Int { watchers.count }

    /// Handles a request from the watcher `id`: they may ask for the table again or stop watching; everything a
    /// seat is needed for is refused. Returns false when they are not watching (the table has closed).
    @discardableResult
    func handleWatching(_ request: WatcherRequest, from id: PlayerID) -> Bool {
        guard watchers[id] != nil else { return false }
        switch request {
        case .resync:
            catchUp()
            sendSnapshot(to: id, seat: nil)
        case .networkTime(let seat):
            sendNetworkTime(of: seat, to: id)
        case .leave:
            stopWatching(id)
        case .handshake:
            break
        case .needsSeat:
            refuse(id, code: TableError.notSeated.rawValue, "You are watching: only the players at the table can do that.")
        }
        return true
    }
}
