import SnapCore
import SnapProtocol

/// What a client asks of the server, read from one packet. The one place where packets become requests.
enum ClientRequest: Hashable, Sendable {
    /// The protocol version the client speaks.
    case hello(version: UInt8)
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
    /// Something for the table the client sits at (or watches).
    case atTable(SeatedRequest)
    /// The answer to a ping.
    case pong(UInt64)

    /// The request a packet makes.
    ///
    /// - Throws: ``WireErrorCode/unexpectedPacket`` for a packet only the server sends.
    init(_ packet: Packet) throws(WireErrorCode) {
        switch packet {
        case .hello(let version): self = .hello(version: version)
        case .signInResponse(let name): self = .signIn(name: name)
        case .reconnect(let token): self = .reconnect(token: token)
        case .listTables: self = .listTables
        case .hostTable(let solo): self = .host(solo: solo)
        case .joinTable(let code): self = .join(code: code)
        case .watchTable(let code): self = .watch(code: code)
        case .pong(let value): self = .pong(value)
        case .clientTurnedCard: self = .atTable(.turnCard)
        // The id PlayerShouldSnap names is ignored: the connection decides who calls.
        case .playerShouldSnap: self = .atTable(.callSnap(reaction: nil))
        case .callSnap(let reaction): self = .atTable(.callSnap(reaction: .microseconds(Int64(reaction))))
        case .startRound: self = .atTable(.startRound)
        case .addComputer: self = .atTable(.addComputer)
        case .changeSettings(let round, let turn):
            self = .atTable(.changeSettings(TableSettings(roundSeconds: round, turnSeconds: turn)))
        case .resyncRequest: self = .atTable(.resync)
        case .clientQuit: self = .atTable(.leave)
        case .clientReady, .clientDealtCards: self = .atTable(.handshake)
        case .signInRequest, .serverReady, .dealCards, .activatePlayer, .playerCalledSnap, .otherClientQuit,
            .serverQuit, .welcome, .tableList, .tableJoined, .ping, .snapshot, .error, .cardTurned, .playerJoined,
            .seatsRearranged, .hostChanged, .dealFinished, .recycled, .pileCollected, .openPileTurnedUnder,
            .cardPaid, .playerOut, .resumed, .roundWon, .roundAbandoned, .playerConnection, .callTiming,
            .tableSettings, .roundClock, .turnClock, .timeUp, .suddenDeath, .tableWatched, .watcherCount, .tableClosed,
            .redirect:
            throw .unexpectedPacket
        }
    }
}
