import SnapCore
import SnapProtocol

/// What a client asks of the server, read from one packet, before anyone knows where the client stands. The one
/// place where packets become requests; ``RequestRouter`` then sends each where it goes.
enum ClientRequest: Hashable, Sendable {
    /// For the connection itself.
    case connection(ConnectionRequest)
    /// For the lobby.
    case lobby(LobbyRequest)
    /// For the table the client sits at (or watches).
    case atTable(SeatedRequest)

    /// The request a packet makes.
    ///
    /// - Throws: ``WireErrorCode/unexpectedPacket`` for a packet only the server sends.
    init(_ packet: Packet) throws(WireErrorCode) {
        switch packet {
        case .hello(let version): self = .connection(.hello(version: version))
        case .pong(let value): self = .connection(.pong(value))
        case .signInResponse(let name): self = .lobby(.signIn(name: name))
        case .reconnect(let token): self = .lobby(.reconnect(token: token))
        case .listTables: self = .lobby(.listTables)
        case .hostTable(let solo): self = .lobby(.host(solo: solo))
        case .joinTable(let code): self = .lobby(.join(code: code))
        case .watchTable(let code): self = .lobby(.watch(code: code))
        case .clientTurnedCard: self = .atTable(.act(.turnCard))
        // The id PlayerShouldSnap names is ignored: the connection decides who calls.
        case .playerShouldSnap: self = .atTable(.act(.callSnap(reaction: nil)))
        case .callSnap(let reaction): self = .atTable(.act(.callSnap(reaction: .microseconds(Int64(reaction)))))
        case .startRound: self = .atTable(.act(.startRound(deal: nil)))
        case .startRoundWithDeal(let code): self = .atTable(.act(.startRound(deal: code)))
        case .changeSettings(let round, let turn):
            let settings = TableSettings(roundSeconds: round, turnSeconds: turn)
            self = .atTable(.act(.changeSettings(roundLength: settings.roundLength, turnTime: settings.turnTime)))
        case .setHeadStart(let seat, let milliseconds):
            self = .atTable(.act(.setHeadStart(.milliseconds(Int(milliseconds)), for: seat)))
        case .setTableAccess(let flags):
            let access = TableSettings().withAccess(flags: flags)
            self = .atTable(.act(.setAccess(isLocked: access.isLocked, isPrivate: access.isPrivate)))
        case .removePlayer(let seat): self = .atTable(.act(.remove(seat)))
        case .clientQuit: self = .atTable(.act(.leave))
        case .addComputer: self = .atTable(.addComputer)
        case .resyncRequest: self = .atTable(.resync)
        case .networkTimeRequest(let seat): self = .atTable(.networkTime(of: seat))
        case .clientReady, .clientDealtCards: self = .atTable(.handshake)
        case .signInRequest, .serverReady, .dealCards, .activatePlayer, .playerCalledSnap, .otherClientQuit,
            .serverQuit, .welcome, .tableList, .tableJoined, .ping, .snapshot, .error, .cardTurned, .playerJoined,
            .seatsRearranged, .hostChanged, .dealFinished, .recycled, .pileCollected, .openPileTurnedUnder,
            .cardPaid, .playerOut, .resumed, .roundWon, .roundAbandoned, .playerConnection, .callTiming,
            .tableSettings, .roundClock, .turnClock, .timeUp, .suddenDeath, .tableWatched, .watcherCount, .tableClosed,
            .redirect, .headStarts, .tableAccess, .roundDeal, .photoFinish, .networkTime, .turn, .snapJudged:
            throw .unexpectedPacket
        }
    }
}
