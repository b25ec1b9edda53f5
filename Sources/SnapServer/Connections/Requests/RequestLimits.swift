/// How many requests of each kind one connection may make: a steady rate and a burst above it. A person tapping
/// as fast as they can stays well inside every one; a program flooding the server gets ``WireErrorCode/rateLimited``
/// and, if it goes on, its connection closed.
public struct RequestLimits: Sendable, Equatable {
    /// A steady rate per second and the burst allowed above it.
    public struct Rate: Sendable, Equatable {
        public var perSecond: Double
        public var burst: Double

        public init(perSecond: Double, burst: Double) {
            self.perSecond = perSecond
            self.burst = burst
        }
    }

    /// The kinds of request, each with its own limit.
    public enum Kind: String, CaseIterable, Sendable {
        case signIn = "sign-in"
        case reconnect
        case lobby = "lobby"
        case table = "table"
        case resync
        case turn
        case pong
        case hello

        /// The kind of a request (a Snap! call has a limit of its own: ``RequestRates``).
        init?(_ request: ClientRequest) {
            switch request {
            case .connection(.hello): self = .hello
            case .connection(.pong): self = .pong
            case .lobby(.signIn): self = .signIn
            case .lobby(.reconnect): self = .reconnect
            case .lobby(.listTables), .lobby(.host), .lobby(.join), .lobby(.watch): self = .lobby
            case .atTable(.act(.callSnap)): return nil
            case .atTable(.resync), .atTable(.networkTime): self = .resync
            case .atTable(.act(.turnCard)), .atTable(.handshake): self = .turn
            case .atTable(.act(.startRound)), .atTable(.addComputer), .atTable(.act(.changeSettings)),
                .atTable(.act(.setHeadStart)), .atTable(.act(.setAccess)), .atTable(.act(.remove)), .atTable(.act(.leave)):
                self = .table
            }
        }
    }

    /// Sign-in attempts (a name refused, tried again).
    public var signIn = Rate(perSecond: 1, burst: 5)
    /// Reconnection attempts: tokens cannot be guessed by trying many.
    public var reconnect = Rate(perSecond: 1, burst: 5)
    /// Listing, hosting, joining and watching tables.
    public var lobby = Rate(perSecond: 5, burst: 20)
    /// Starting a round, adding a computer player, changing the settings, leaving.
    public var table = Rate(perSecond: 5, burst: 20)
    /// Asking for the whole table again, or for a player's network time.
    public var resync = Rate(perSecond: 1, burst: 5)
    /// Turning cards and the original game's handshake packets.
    public var turn = Rate(perSecond: 10, burst: 30)
    /// Answers to pings (the server sends one every few seconds, a few more on arrival).
    public var pong = Rate(perSecond: 2, burst: 10)
    /// Saying which protocol version the client speaks.
    public var hello = Rate(perSecond: 1, burst: 3)
    /// WebSocket frames of any kind: far above what a player's requests need (each kind has its own, lower limit),
    /// and low enough that a flood is cut off at the socket after a few hundred frames rather than read to its end
    /// (close 1008 "too many messages").
    public var messages = Rate(perSecond: 100, burst: 300)
    /// Refusals for going over a limit that a connection may collect (at this rate) before it is closed.
    public var refusals = Rate(perSecond: 1, burst: 20)

    public init() {}

    /// The limit for a kind of request.
    public subscript(kind: Kind) -> Rate {
        get {
            switch kind {
            case .signIn: signIn
            case .reconnect: reconnect
            case .lobby: lobby
            case .table: table
            case .resync: resync
            case .turn: turn
            case .pong: pong
            case .hello: hello
            }
        }
        set {
            switch kind {
            case .signIn: signIn = newValue
            case .reconnect: reconnect = newValue
            case .lobby: lobby = newValue
            case .table: table = newValue
            case .resync: resync = newValue
            case .turn: turn = newValue
            case .pong: pong = newValue
            case .hello: hello = newValue
            }
        }
    }

    /// No limits at all (for benchmarks that drive the server harder than people can).
    public static let unlimited: RequestLimits = {
        var limits = RequestLimits()
        let none = Rate(perSecond: 1_000_000, burst: 1_000_000)
        (limits.signIn, limits.reconnect, limits.lobby, limits.table) = (none, none, none, none)
        (limits.resync, limits.turn, limits.pong, limits.hello, limits.refusals) = (none, none, none, none, none)
        limits.messages = none
        return limits
    }()
}
