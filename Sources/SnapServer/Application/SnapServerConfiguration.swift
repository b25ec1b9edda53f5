import SnapCore

/// Everything about a server that can be set from the command line.
public struct SnapServerConfiguration: Sendable {
    /// The address to listen on: "0.0.0.0" for every interface, "127.0.0.1" for this machine only.
    public var host = "0.0.0.0"
    /// The port to listen on; 0 picks a free one.
    public var port = 8080
    /// Every game delay is divided by this.
    public var speed = 1.0
    /// How long a dropped player's seat and cards are kept for them.
    public var reconnectGrace: Duration = .seconds(30)
    /// How often the server pings each connection to measure its round-trip time.
    public var pingInterval: Duration = .seconds(5)
    /// A connection that sends nothing for this long, not even a pong, is taken to be gone and is closed.
    public var silenceLimit: Duration = .seconds(20)
    /// The kernel's send buffer for each connection, in bytes; nil leaves it to the system, which grows it as
    /// needed (on Linux up to `net.ipv4.tcp_wmem`'s largest, 4 MiB by default). A test that must reach a
    /// connection's outbox limit sets a small one, so that what it sends is not first soaked up by the kernel.
    public var socketSendBuffer: Int? = nil
    /// The most tables open at once.
    public var maximumTables = 10_000
    /// The most WebSocket connections at once.
    public var maximumConnections = 25_000
    /// The most game connections one remote address may hold: generous, for a party of players behind one
    /// router.
    public var maximumConnectionsPerAddress = 64
    /// The most sockets of any kind (game connections and the page's own requests) one remote address may hold.
    public var maximumSocketsPerAddress = 256
    /// How fast one remote address may open sockets (connections refused beyond it are closed at once).
    public var connectionRate = RequestLimits.Rate(perSecond: 20, burst: 100)
    /// The most tables the players of one remote address may have open at once.
    public var maximumTablesPerAddress = 32
    /// The proxies in front of this server (nginx, a load balancer) whose `X-Forwarded-For` says where a game
    /// connection comes from: for a connection from one of them, the caps of game connections and tables per
    /// address count the address the proxy forwarded, and the caps of sockets per address and of how fast an
    /// address opens them (at accept, before any header is read) do not apply to the proxy itself. None by
    /// default: every connection counts as its peer's address, and the header is ignored.
    public var trustedProxies = TrustedProxies()
    /// The most people watching one table at once (0: nobody may watch).
    public var maximumWatchersPerTable = 50
    /// The most sockets open at once; nil for as many as the process's descriptor limit allows, less
    /// ``descriptorReserve``.
    public var maximumSockets: Int?
    /// Descriptors kept out of the clients' reach, for the server's own files and listening socket.
    public var descriptorReserve = 64
    /// Bytes of packets one connection may have waiting to go out; a connection that lets more pile up is not
    /// reading, and is cut off (a seated player keeps their seat for the grace period).
    public var outboxLimit = 256 * 1024
    /// How long an HTTP request may take to arrive, and an idle HTTP connection may wait for its next one.
    public var requestTimeout: Duration = .seconds(10)
    /// How long a new WebSocket connection may take to sign in or reconnect.
    public var signInTimeout: Duration = .seconds(20)
    /// How many requests of each kind one connection may make.
    public var requestLimits = RequestLimits()
    /// Snap! calls a player may make per second (short bursts of up to this many are allowed).
    public var snapCallsPerSecond = 5.0
    /// Malformed packets tolerated from one connection before it is closed.
    public var malformedPacketLimit = 10
    /// The seed for table codes and every table's shuffles; nil draws one from the system.
    public var seed: UInt64?
    /// How fast computer players are at tables on this server.
    public var difficulty = "normal"
    /// How calls of "Snap!" are ranked: by reaction time (the default, fair whatever each player's network)
    /// or by arrival (the original game's rule, for comparison).
    public var judging = JudgingRule.standard
    /// A call on a match credited with a faster reaction than this is a false start (RULES.md); zero turns false
    /// starts off.
    public var falseStartFloor = JudgingRule.standardFalseStart
    /// The settings every new table starts with; its host may change them between rounds.
    public var tableSettings = TableSettings.standard
    /// The name to announce this server under on the local network (DNS-SD, `_snap._tcp`); nil announces nothing,
    /// which is the default, so that tests and embedded servers stay off the network unless they ask.
    public var announcedName: String?

    /// The defaults: every interface, port 8080, normal speed.
    public init() {}
}
