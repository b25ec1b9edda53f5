/// Where a client's request goes, decided once as its packet is read (``RequestRouter``): to the connection, the
/// lobby, the table the player sits at, or the table the person watches.
enum Route: Hashable, Sendable {
    /// For the connection itself, at once.
    case connection(ConnectionRequest)
    /// For the lobby.
    case lobby(LobbyRequest)
    /// For the table the player sits at.
    case table(SeatedRequest)
    /// For the table the person watches.
    case watcher(WatcherRequest)
}
