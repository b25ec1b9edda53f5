/// What a table tells the lobby: a reconnect token retired, its listing changed, it closed.
struct TableHooks: Sendable {
    /// The holder of a token left their seat for good.
    var tokenRetired: @Sendable (String) -> Void = { _ in }
    /// What the lobby lists about the table changed.
    var listingChanged: @Sendable () -> Void = {}
    /// The table closed; its code.
    var closed: @Sendable (String) -> Void = { _ in }
}
