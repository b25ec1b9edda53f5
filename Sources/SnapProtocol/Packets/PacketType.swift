/// The type number of every packet, as the header carries it. The numbers are stable.
///
/// 0x64–0x70 are the original game's; the rest are new. Each case is named after its ``Packet`` case.
public enum PacketType: UInt16, CaseIterable, Hashable, Sendable {
    /// SignInRequest, type 0x64.
    case signInRequest = 0x64
    /// SignInResponse, type 0x65.
    case signInResponse = 0x65
    /// ServerReady, type 0x66.
    case serverReady = 0x66
    /// ClientReady, type 0x67.
    case clientReady = 0x67
    /// DealCards, type 0x68.
    case dealCards = 0x68
    /// ClientDealtCards, type 0x69.
    case clientDealtCards = 0x69
    /// ActivatePlayer, type 0x6A.
    case activatePlayer = 0x6A
    /// ClientTurnedCard, type 0x6B.
    case clientTurnedCard = 0x6B
    /// PlayerShouldSnap, type 0x6C.
    case playerShouldSnap = 0x6C
    /// PlayerCalledSnap, type 0x6D.
    case playerCalledSnap = 0x6D
    /// OtherClientQuit, type 0x6E.
    case otherClientQuit = 0x6E
    /// ServerQuit, type 0x6F.
    case serverQuit = 0x6F
    /// ClientQuit, type 0x70.
    case clientQuit = 0x70
    /// Welcome, type 0x71.
    case welcome = 0x71
    /// ListTables, type 0x72.
    case listTables = 0x72
    /// TableList, type 0x73.
    case tableList = 0x73
    /// HostTable, type 0x74.
    case hostTable = 0x74
    /// JoinTable, type 0x75.
    case joinTable = 0x75
    /// TableJoined, type 0x76.
    case tableJoined = 0x76
    /// AddComputer, type 0x77.
    case addComputer = 0x77
    /// StartRound, type 0x78.
    case startRound = 0x78
    /// Ping, type 0x79.
    case ping = 0x79
    /// Pong, type 0x7A.
    case pong = 0x7A
    /// ResyncRequest, type 0x7B.
    case resyncRequest = 0x7B
    /// Snapshot, type 0x7C.
    case snapshot = 0x7C
    /// Reconnect, type 0x7D.
    case reconnect = 0x7D
    /// Error, type 0x7E.
    case error = 0x7E
    /// CardTurned, type 0x7F.
    case cardTurned = 0x7F
    /// PlayerJoined, type 0x80.
    case playerJoined = 0x80
    /// SeatsRearranged, type 0x81.
    case seatsRearranged = 0x81
    /// HostChanged, type 0x82.
    case hostChanged = 0x82
    /// DealFinished, type 0x83.
    case dealFinished = 0x83
    /// Recycled, type 0x84.
    case recycled = 0x84
    /// PileCollected, type 0x85.
    case pileCollected = 0x85
    /// OpenPileTurnedUnder, type 0x86.
    case openPileTurnedUnder = 0x86
    /// CardPaid, type 0x87.
    case cardPaid = 0x87
    /// PlayerOut, type 0x88.
    case playerOut = 0x88
    /// Resumed, type 0x89.
    case resumed = 0x89
    /// RoundWon, type 0x8A.
    case roundWon = 0x8A
    /// RoundAbandoned, type 0x8B.
    case roundAbandoned = 0x8B
    /// PlayerConnection, type 0x8C.
    case playerConnection = 0x8C
    /// Hello, type 0x8D.
    case hello = 0x8D
    /// CallSnap, type 0x8E.
    case callSnap = 0x8E
    /// CallTiming, type 0x8F.
    case callTiming = 0x8F
    /// ChangeSettings, type 0x90.
    case changeSettings = 0x90
    /// TableSettings, type 0x91.
    case tableSettings = 0x91
    /// RoundClock, type 0x92.
    case roundClock = 0x92
    /// TurnClock, type 0x93.
    case turnClock = 0x93
    /// TimeUp, type 0x94.
    case timeUp = 0x94
    /// SuddenDeath, type 0x95.
    case suddenDeath = 0x95
    /// WatchTable, type 0x96.
    case watchTable = 0x96
    /// TableWatched, type 0x97.
    case tableWatched = 0x97
    /// WatcherCount, type 0x98.
    case watcherCount = 0x98
    /// TableClosed, type 0x99.
    case tableClosed = 0x99
    /// Redirect, type 0x9A.
    case redirect = 0x9A
    /// SetHeadStart, type 0x9B.
    case setHeadStart = 0x9B
    /// HeadStarts, type 0x9C.
    case headStarts = 0x9C
    /// TableAccess, type 0x9D.
    case tableAccess = 0x9D
    /// SetTableAccess, type 0x9E.
    case setTableAccess = 0x9E
    /// RemovePlayer, type 0x9F.
    case removePlayer = 0x9F
    /// StartRoundWithDeal, type 0xA0.
    case startRoundWithDeal = 0xA0
    /// RoundDeal, type 0xA1.
    case roundDeal = 0xA1
    /// PhotoFinish, type 0xA2.
    case photoFinish = 0xA2
    /// NetworkTimeRequest, type 0xA3.
    case networkTimeRequest = 0xA3
    /// NetworkTime, type 0xA4.
    case networkTime = 0xA4
    /// Turn, type 0xA5.
    case turn = 0xA5
    /// SnapJudged, type 0xA6.
    case snapJudged = 0xA6

    /// The packet's name as the documentation and the JSON rendering spell it, e.g. "SignInRequest".
    public var name: String {
        let caseName = String(describing: self)
        return caseName.prefix(1).uppercased() + caseName.dropFirst()
    }
}

extension Packet {
    /// The packet's type.
    public var type: PacketType {
        switch self {
        case .signInRequest: .signInRequest
        case .signInResponse: .signInResponse
        case .serverReady: .serverReady
        case .clientReady: .clientReady
        case .dealCards: .dealCards
        case .clientDealtCards: .clientDealtCards
        case .activatePlayer: .activatePlayer
        case .clientTurnedCard: .clientTurnedCard
        case .playerShouldSnap: .playerShouldSnap
        case .playerCalledSnap: .playerCalledSnap
        case .otherClientQuit: .otherClientQuit
        case .serverQuit: .serverQuit
        case .clientQuit: .clientQuit
        case .welcome: .welcome
        case .listTables: .listTables
        case .tableList: .tableList
        case .hostTable: .hostTable
        case .joinTable: .joinTable
        case .tableJoined: .tableJoined
        case .addComputer: .addComputer
        case .startRound: .startRound
        case .ping: .ping
        case .pong: .pong
        case .resyncRequest: .resyncRequest
        case .snapshot: .snapshot
        case .reconnect: .reconnect
        case .error: .error
        case .cardTurned: .cardTurned
        case .playerJoined: .playerJoined
        case .seatsRearranged: .seatsRearranged
        case .hostChanged: .hostChanged
        case .dealFinished: .dealFinished
        case .recycled: .recycled
        case .pileCollected: .pileCollected
        case .openPileTurnedUnder: .openPileTurnedUnder
        case .cardPaid: .cardPaid
        case .playerOut: .playerOut
        case .resumed: .resumed
        case .roundWon: .roundWon
        case .roundAbandoned: .roundAbandoned
        case .playerConnection: .playerConnection
        case .hello: .hello
        case .callSnap: .callSnap
        case .callTiming: .callTiming
        case .changeSettings: .changeSettings
        case .tableSettings: .tableSettings
        case .roundClock: .roundClock
        case .turnClock: .turnClock
        case .timeUp: .timeUp
        case .suddenDeath: .suddenDeath
        case .watchTable: .watchTable
        case .tableWatched: .tableWatched
        case .watcherCount: .watcherCount
        case .tableClosed: .tableClosed
        case .redirect: .redirect
        case .setHeadStart: .setHeadStart
        case .headStarts: .headStarts
        case .tableAccess: .tableAccess
        case .setTableAccess: .setTableAccess
        case .removePlayer: .removePlayer
        case .startRoundWithDeal: .startRoundWithDeal
        case .roundDeal: .roundDeal
        case .photoFinish: .photoFinish
        case .networkTimeRequest: .networkTimeRequest
        case .networkTime: .networkTime
        case .turn: .turn
        case .snapJudged: .snapJudged
        }
    }

    /// The type number the header carries.
    public var typeNumber: UInt16 { type.rawValue }

    /// The packet's name, e.g. "SignInRequest".
    public var name: String { type.name }
}

extension PacketType {
    /// The first protocol version of fewer, fuller messages: a client of it or later is sent Turn and SnapJudged in
    /// place of the packets they replace, and the packets of one moment in one message.
    public static let fullerMessagesSince = PacketType.turn.sinceVersion

    /// The first protocol version with this packet: a server sends a client only the packets of its version.
    public var sinceVersion: UInt8 {
        switch self {
        case .hello, .callSnap, .callTiming: 2
        case .changeSettings, .tableSettings, .roundClock, .turnClock, .timeUp, .suddenDeath: 3
        case .watchTable, .tableWatched, .watcherCount, .tableClosed: 4
        case .redirect: 5
        case .setHeadStart, .headStarts: 6
        case .tableAccess, .setTableAccess, .removePlayer: 7
        case .startRoundWithDeal, .roundDeal: 8
        case .photoFinish, .networkTimeRequest, .networkTime: 9
        case .turn, .snapJudged: 10
        default: 1
        }
    }
}
