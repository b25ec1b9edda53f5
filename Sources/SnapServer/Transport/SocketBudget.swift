/// How many client sockets the server may hold: what the process's descriptor limit allows *now* — read again each
/// time it is asked, so that a limit lowered or raised while the server runs counts at once — less the descriptors
/// the server holds besides its sockets and a reserve kept free; or `fixed` (`--max-connections`) when that is
/// smaller.
struct SocketBudget: Sendable {
    /// The most sockets whatever the limit; nil: as many as the limit allows.
    let fixed: Int?
    /// Descriptors kept free for what is not a client's socket: files, the store, a cluster's connections.
    let reserve: Int
    /// The descriptors the process held when the server started, before its first client: its files, event loops,
    /// listening socket and store.
    let otherDescriptors: Int

    /// A budget of the live limit, counting the descriptors open now as the server's own.
    static func live(fixed: Int?, reserve: Int) -> SocketBudget {
        SocketBudget(fixed: fixed, reserve: reserve, otherDescriptors: DescriptorLimit.open)
    }

    /// The sockets the server may hold now (at least 16, so that a server started at its limit still serves).
    var capacity: Int {
        min(fixed ?? .max, max(16, DescriptorLimit.current - otherDescriptors - reserve))
    }
}
