/// Constants of the wire format.
public enum Wire {
    /// The four bytes every packet starts with: ASCII `SNAP`.
    public static let magic: [UInt8] = Array("SNAP".utf8)
    /// The header's size: magic (4), packet number (4), type (2).
    public static let headerSize = 10
    /// The largest packet either side accepts, header included.
    public static let maximumPacketSize = 4096
    /// The packet number of a packet that is not numbered (−1).
    public static let unnumbered: UInt32 = 0xFFFF_FFFF
    /// The protocol version this code speaks, sent in ``Packet/welcome(version:id:token:)`` and
    /// ``Packet/hello(version:)``. Version 2 added fair calls (Hello, CallSnap, CallTiming); version 3 quick
    /// rounds and the turn timer (ChangeSettings, TableSettings, RoundClock, TurnClock, TimeUp, SuddenDeath);
    /// version 4 watching (WatchTable, TableWatched, WatcherCount, TableClosed); version 5 tables spread over the
    /// nodes of a cluster (Redirect); version 6 head starts (SetHeadStart, HeadStarts);
    /// version 7 host controls (TableAccess, SetTableAccess, RemovePlayer), version 8 deal codes
    /// (StartRoundWithDeal, RoundDeal), version 9 fairness you can see (PhotoFinish, NetworkTimeRequest,
    /// NetworkTime), version 10 fewer, fuller messages (Turn, SnapJudged, the packets of one moment in one
    /// message), version 11 false starts (the verdict 4: older clients are sent a wrong call, and the table
    /// resuming after its payments).
    public static let version: UInt8 = 11
    /// The first protocol version that knows the false start's verdict (4).
    public static let falseStartsSince: UInt8 = 11
    /// The longest reaction time or margin a packet carries, in microseconds (a minute).
    public static let maximumReaction: UInt32 = 60_000_000
    /// The margin value that means "nobody else called in time".
    public static let noMargin: UInt32 = 0xFFFF_FFFF
    /// The longest string field, in bytes (names are 20 characters, which may be up to 80 bytes).
    public static let maximumStringBytes = 255
    /// The reason of the WebSocket close (code 1008) that ends a connection whose seat another connection took with
    /// the seat's reconnect token: the same player, from another terminal or browser tab. A client closed with it
    /// does not reconnect, or the two would take the seat from each other for ever.
    public static let replacedCloseReason = "replaced by a new connection"
    /// The byte that means "no seat".
    public static let noSeat: UInt8 = 0xFF
    /// The most players a list of players or seats holds: one per seat.
    public static let maximumPlayers = 4
    /// The most cards a pile, a count of cards, or a whole snapshot holds: one deck.
    public static let maximumCards = 52
    /// The most calls a snapshot lists since the last turned card.
    public static let maximumCalls = 52
    /// The most seats a player's cards are handed out to when they leave (one card each time).
    public static let maximumHandOuts = 52
}

/// A packet with its header's packet number: what travels in one WebSocket frame.
public struct Frame: Hashable, Sendable {
    /// The packet number, nil when not numbered. The server numbers everything it sends, per connection,
    /// from 0 upward; clients send unnumbered packets.
    public var number: UInt32?
    /// The packet.
    public var packet: Packet

    /// A frame.
    public init(number: UInt32?, packet: Packet) {
        self.number = number
        self.packet = packet
    }
}
