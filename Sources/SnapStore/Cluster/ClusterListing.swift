/// What a node publishes about one of its tables, for every node's lobby.
public struct ClusterListing: Hashable, Sendable {
    /// The table's code, unique in the cluster.
    public var code: String
    /// The host's name.
    public var hostName: String
    /// How many players sit at it.
    public var players: Int
    /// How many seats are still free.
    public var seatsFree: Int
    /// Whether a round is being played.
    public var roundUnderWay: Bool
    /// Whether it is kept out of every lobby's list: a table for one person against computers, or a private table
    /// (joinable by its code only). The name is the first of these, which the cluster's schema keeps.
    public var solo: Bool

    /// A listing.
    public init(code: String, hostName: String, players: Int, seatsFree: Int, roundUnderWay: Bool, solo: Bool) {
        self.code = code
        self.hostName = hostName
        self.players = players
        self.seatsFree = seatsFree
        self.roundUnderWay = roundUnderWay
        self.solo = solo
    }
}
