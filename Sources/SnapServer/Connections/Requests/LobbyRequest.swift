/// What a client asks of the lobby.
enum LobbyRequest: Hashable, Sendable {
    /// Sign in with this name.
    case signIn(name: String)
    /// Back into my seat after a drop.
    case reconnect(token: String)
    /// Which tables are open?
    case listTables
    /// Open a table (with three computer players when solo).
    case host(solo: Bool)
    /// Join the table with this code, as typed.
    case join(code: String)
    /// Watch the table with this code, as typed, without a seat.
    case watch(code: String)
}
