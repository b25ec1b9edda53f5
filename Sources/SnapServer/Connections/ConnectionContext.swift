import SnapCore

/// One game connection as its handlers see it: the socket's way out and where it comes from, who is on it, where
/// they sit or watch, and the router that decides what each of its messages asks. Kept by the connection's
/// ``PlayerSession`` between messages, and handed to each of ``PlayerConnection``'s handlers.
struct ConnectionContext: Sendable {
    // What every message reads comes first, and together — the way out, who is on it, where they sit or watch, the
    // two flags, the router — so that a message touches as few of the connection's cache lines as it can: at a
    // busy server they are seldom in the cache. (A struct's stored properties are laid out in this order.)

    /// The way out.
    let outbox: Outbox
    var id: PlayerID?
    /// The table the player sits at.
    var table: TableSession?
    /// The table this connection watches, without a seat.
    var watching: TableSession?
    /// Whether the roster counted the connection in (it may refuse).
    var registered = false
    /// Whether the connection has ended (it ends once, however many reasons there are).
    var ended = false
    /// Decides what each message asks, and where it goes.
    var router: RequestRouter
    /// The socket under it.
    let peer: PeerSocket
    var name: String?
    var token: String?

    init(outbox: Outbox, peer: PeerSocket, router: RequestRouter) {
        self.outbox = outbox
        self.peer = peer
        self.router = router
    }

    /// Where the connection stands, for the router.
    var position: RequestRouter.Position {
        .init(signedIn: id != nil, seated: table != nil, watching: watching != nil, version: outbox.version)
    }

    /// Who is on the connection, once signed in.
    var player: PlayerInfo? {
        guard let id, let name else { return nil }
        return PlayerInfo(id: id, name: name)
    }
}
