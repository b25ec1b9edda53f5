/// What a table tells the lobby: a reconnect token retired, its listing changed, it closed.
///
/// One for the whole lobby, shared by its tables, each saying which table it is: a table's own closures (and the
/// context each one captures) would be a few hundred bytes at every table.
final class TableHooks: Sendable {
    /// The holder of a token left their seat for good.
    let tokenRetired: @Sendable (String) -> Void
    /// What the lobby lists about the table with this code changed.
    let listingChanged: @Sendable (String) -> Void
    /// The table with this code closed; the reconnect tokens its people still held.
    let closed: @Sendable (String, [String]) -> Void

    /// Hooks that do what they are given; by default nothing.
    init(
        tokenRetired: @escaping @Sendable (String) -> Void = { _ in },
        listingChanged: @escaping @Sendable (String) -> Void = { _ in },
        closed: @escaping @Sendable (String, [String]) -> Void = { _, _ in }
    ) {
        self.tokenRetired = tokenRetired
        self.listingChanged = listingChanged
        self.closed = closed
    }
}
