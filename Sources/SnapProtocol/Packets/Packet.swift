import SnapCore

/// One packet of the Snap! wire format: what it says, without its header.
///
/// Type numbers 0x64–0x70 are the original game's; the rest are new. Every type number has exactly one
/// payload layout, whichever way it travels. `docs/PROTOCOL.md` gives every layout byte by byte.
public enum Packet: Hashable, Sendable {
    // MARK: The original game's packets

    /// 0x64, server → client: please sign in (send your name). Empty.
    case signInRequest
    /// 0x65, client → server: the player's name.
    case signInResponse(name: String)
    /// 0x66, server → client: the players at the table with their seats (the original layout).
    case serverReady(players: [WirePlayer])
    /// 0x67, client → server: the client has drawn the table. Empty.
    case clientReady
    /// 0x68, server → client: a round started and the cards were dealt face down: counts only, never cards.
    case dealCards(round: UInt16, startingSeat: Seat, counts: [SeatCount])
    /// 0x69, client → server: the client finished its deal animation. Empty; accepted, never waited for.
    case clientDealtCards
    /// 0x6A, server → client: this player is now active.
    case activatePlayer(id: PlayerID)
    /// 0x6B, client → server: turn my top card. Empty.
    case clientTurnedCard
    /// 0x6C, client → server: I call "Snap!". The id is the original's; the server ignores it and uses the
    /// connection's own player.
    case playerShouldSnap(id: PlayerID)
    /// 0x6D, server → client: a player called "Snap!" and how it was judged.
    case playerCalledSnap(id: PlayerID, verdict: WireVerdict)
    /// 0x6E, server → client: a player left; their cards went face down, one at a time, to these seats.
    case otherClientQuit(id: PlayerID, handedOutTo: [Seat])
    /// 0x6F, server → client: the server is shutting down, and why. The connection closes next.
    case serverQuit(reason: String)
    /// 0x70, client → server: I leave the table. Empty.
    case clientQuit

    // MARK: Session and lobby

    /// 0x71, server → client: signed in: the protocol version, your player id and the secret token that
    /// lets you reconnect to the same seat.
    case welcome(version: UInt8, id: PlayerID, token: String)
    /// 0x72, client → server: which tables are open? Empty.
    case listTables
    /// 0x73, server → client: the open tables.
    case tableList([TableSummary])
    /// 0x74, client → server: open a table; `solo` seats three computer players at once.
    case hostTable(solo: Bool)
    /// 0x75, client → server: join the table with this code.
    case joinTable(code: String)
    /// 0x76, server → client: you sit at table `code` in `seat`. A ``snapshot(_:)`` follows.
    case tableJoined(code: String, seat: Seat)
    /// 0x77, client → server (host only): seat a computer player in the next free seat. Empty.
    case addComputer
    /// 0x78, client → server (host only): start the round. Empty.
    case startRound
    /// 0x79, server → client: answer with a pong carrying the same value.
    case ping(UInt64)
    /// 0x7A, client → server: the answer to a ping.
    case pong(UInt64)
    /// 0x7B, client → server: I missed a packet; send me the whole table. Empty.
    case resyncRequest
    /// 0x7C, server → client: everything this player may see of the table.
    case snapshot(PlayerView)
    /// 0x7D, client → server: I dropped; put me back in my seat.
    case reconnect(token: String)
    /// 0x7E, server → client: a request was refused: a stable code and a sentence for people.
    case error(code: UInt16, message: String)

    // MARK: Table events

    /// 0x7F, server → client: the player in `seat` turned `card` face up.
    case cardTurned(seat: Seat, card: Card)
    /// 0x80, server → client: a player sat down.
    case playerJoined(seat: Seat, player: PlayerInfo)
    /// 0x81, server → client: between rounds, players moved seats (all at once).
    case seatsRearranged([SeatMove])
    /// 0x82, server → client: the host role moved (nil: nobody).
    case hostChanged(Seat?)
    /// 0x83, server → client: the deal is over; play starts. Empty.
    case dealFinished
    /// 0x84, server → client: a player's open pile was turned over into their closed pile.
    case recycled(seat: Seat, count: UInt8)
    /// 0x85, server → client: after a correct call, a matching pile went under the caller's closed pile.
    case pileCollected(from: Seat, to: Seat, count: UInt8)
    /// 0x86, server → client: a paying player's open pile went under their closed pile first.
    case openPileTurnedUnder(seat: Seat, count: UInt8)
    /// 0x87, server → client: after a wrong call, a card went from the caller to another player.
    case cardPaid(from: Seat, to: Seat)
    /// 0x88, server → client: a player has no cards left.
    case playerOut(Seat)
    /// 0x89, server → client: the cards have moved after a call; play goes on. Empty.
    case resumed
    /// 0x8A, server → client: a player won the round.
    case roundWon(seat: Seat, gamesWon: UInt16)
    /// 0x8B, server → client: the round ended without a winner. Empty.
    case roundAbandoned
    /// 0x8C, server → client: a player's connection dropped (false) or came back (true).
    case playerConnection(seat: Seat, connected: Bool)

    // MARK: Fair calls (protocol version 2)

    /// 0x8D, client → server: the protocol version this client speaks, sent before signing in.
    case hello(version: UInt8)
    /// 0x8E, client → server: I call "Snap!", `reaction` microseconds after the latest turned card was drawn
    /// on my screen (at most ``Wire/maximumReaction``).
    case callSnap(reaction: UInt32)
    /// 0x8F, server → client (version 2): after a judged call, the reaction time its caller was credited
    /// with and by how much it beat the next fastest call (nil: nobody else called in time), in microseconds.
    case callTiming(seat: Seat, reaction: UInt32, margin: UInt32?)

    // MARK: Quick rounds and the turn timer (protocol version 3)

    /// 0x90, client → server: (the host, between rounds) the round's length in seconds (0: classic) and the turn
    /// timer in seconds (0: none).
    case changeSettings(roundSeconds: UInt16, turnSeconds: UInt8)
    /// 0x91, server → client (version 3): the table's settings, laid out as in ``changeSettings(roundSeconds:turnSeconds:)``.
    case tableSettings(roundSeconds: UInt16, turnSeconds: UInt8)
    /// 0x92, server → client (version 3): a quick round is running, with this many milliseconds left.
    case roundClock(remaining: UInt32)
    /// 0x93, server → client (version 3): the player in `seat` must turn within `remaining` milliseconds, or
    /// the table turns for them.
    case turnClock(seat: Seat, remaining: UInt32)
    /// 0x94, server → client (version 3): the quick round's time is up. Empty.
    case timeUp
    /// 0x95, server → client (version 3): these players tie for most cards; the next correct call ends the round.
    case suddenDeath([Seat])

    // MARK: Watching (protocol version 4)

    /// 0x96, client → server: let me watch the table with this code, without a seat.
    case watchTable(code: String)
    /// 0x97, server → client (version 4): you are watching table `code`. A ``snapshot(_:)`` with no viewer follows.
    case tableWatched(code: String)
    /// 0x98, server → client (version 4): this many people are watching the table now.
    case watcherCount(UInt16)
    /// 0x99, server → client (version 4): the table you were watching has closed, and why; you are back in the lobby.
    case tableClosed(reason: String)

    // MARK: Clusters (protocol version 5)

    /// 0x9A, server → client (version 5): the table `code` that was asked for (by JoinTable, WatchTable or
    /// Reconnect) lives on another node, whose WebSocket is at `url` (`ws://` or `wss://`, see ``NodeURL``).
    /// The client closes, connects there, signs in again (or reconnects with its token) and asks again.
    case redirect(url: String, code: String)

    // MARK: Head starts (protocol version 6)

    /// 0x9B, client → server: (the host, between rounds) give the player in `seat` a head start of `milliseconds`
    /// (0, 100, 200, 300 or 500: RULES.md).
    case setHeadStart(seat: Seat, milliseconds: UInt16)
    /// 0x9C, server → client (version 6): each seat's head start in milliseconds, by seat number (four values),
    /// after every TableSettings: the rest of the table's settings.
    case headStarts(milliseconds: [UInt16])

    // MARK: Host controls (protocol version 7)

    /// 0x9D, server → client (version 7): whether the table is locked (bit 0: nobody new may join) and private
    /// (bit 1: in no listing), after every HeadStarts.
    case tableAccess(flags: UInt8)
    /// 0x9E, client → server: (the host, at any time) lock or unlock the table and make it private or listed, as
    /// TableAccess's bits.
    case setTableAccess(flags: UInt8)
    /// 0x9F, client → server: (the host, at any time) remove the player in `seat` from the table; during a round
    /// their cards go to the others as when a player leaves. The removed person gets Error 117.
    case removePlayer(seat: Seat)

    // MARK: Deal codes (protocol version 8)

    /// 0xA0, client → server: (the host, between rounds) start a round dealt from `deal`, as StartRound does: the
    /// same shuffle as every round with that code.
    case startRoundWithDeal(DealCode)
    /// 0xA1, server → client (version 8): the code of the round just over, after its RoundWon or RoundAbandoned,
    /// and after the Snapshot of a table whose round is over. Never while a round is under way: it names every card.
    case roundDeal(DealCode)

    // MARK: Fairness you can see (protocol version 9)

    /// 0xA2, server → client (version 9): right after the CallTiming of a call that won by less than 50 ms, every
    /// call judged on that card on one time line, fastest first (2 to 4): seat, then in microseconds the time from
    /// the card being shown to the call arriving, the credited reaction and the most network time the judge could
    /// take off, then the head start in milliseconds. Times are cut to whole microseconds.
    case photoFinish(PhotoFinish)
    /// 0xA3, client → server: (a player or a watcher) how is the network of the player in `seat`?
    case networkTimeRequest(seat: Seat)
    /// 0xA4, server → client (version 9): the answer to NetworkTimeRequest: seat, where the figures come from
    /// (`NetworkTime.Source`), the median round trip and the most the judge would take off now, in
    /// microseconds (both zero unless measured), and how many round trips they come from.
    case networkTime(NetworkTime)

    // MARK: Fewer, fuller messages (protocol version 10)

    /// 0xA5, server → client (version 10): it is the turn of the player in `seat`. ActivatePlayer by seat: a
    /// version 10 client is sent this instead.
    case turn(seat: Seat)
    /// 0xA6, server → client (version 10): a judged call in one packet — the PlayerCalledSnap of a wrong or correct
    /// call (its seat, verdict and, for a correct one, the matching seats) and its CallTiming (the credited reaction
    /// and the margin over the next judged call, in microseconds; nil: nobody else called in time). A version 10
    /// client is sent this instead of the two; a call too late is still PlayerCalledSnap.
    case snapJudged(SnapCall, reaction: UInt32, margin: UInt32?)
}

/// A player as ServerReady lists them: id, name and seat.
public struct WirePlayer: Hashable, Sendable {
    /// The player's id.
    public var id: PlayerID
    /// The player's name.
    public var name: String
    /// The player's seat.
    public var seat: Seat

    /// Describes a player.
    public init(id: PlayerID, name: String, seat: Seat) {
        self.id = id
        self.name = name
        self.seat = seat
    }
}

/// How many cards a seat was dealt.
public struct SeatCount: Hashable, Sendable {
    /// The seat.
    public var seat: Seat
    /// The number of cards.
    public var count: UInt8

    /// Describes a count.
    public init(seat: Seat, count: UInt8) {
        self.seat = seat
        self.count = count
    }
}

/// A verdict as PlayerCalledSnap carries it: for a correct call, the matching players by id.
public enum WireVerdict: Hashable, Sendable {
    /// Wrong (1).
    case wrong
    /// Too late (2).
    case tooLate
    /// Correct (3), with the matching players' ids, clockwise from the caller.
    case correct(matching: [PlayerID])
    /// A false start (4, version 11): the caller pays, the table does not stop.
    case falseStart
}

/// An open table as the lobby lists it.
public struct TableSummary: Hashable, Sendable {
    /// The code to join it with.
    public var code: String
    /// The host's name.
    public var hostName: String
    /// Players seated.
    public var players: UInt8
    /// Seats free.
    public var seatsFree: UInt8
    /// Whether a round is under way (joining waits until it ends).
    public var roundUnderWay: Bool

    /// Describes a table.
    public init(code: String, hostName: String, players: UInt8, seatsFree: UInt8, roundUnderWay: Bool) {
        self.code = code
        self.hostName = hostName
        self.players = players
        self.seatsFree = seatsFree
        self.roundUnderWay = roundUnderWay
    }
}
