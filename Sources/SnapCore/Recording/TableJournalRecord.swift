/// One entry of a table's journal in a cluster: read back from the last checkpoint on, the entries rebuild the table
/// exactly, because the rules are deterministic. The node that takes a dead node's table over plays them on a fresh
/// runner (``TableCheckpoint/start`` gives it); SnapProtocol reads and writes them as bytes.
public enum TableJournalRecord: Hashable, Sendable {
    /// The table between rounds — as it opened, and just before each round starts: what a rebuild starts from.
    /// The times of the steps after it count from it.
    case checkpoint(TableCheckpoint)
    /// A step of the table's runner: an action, a move of its timeline (from the checkpoint), new allowances.
    case step(RoundStep)
    /// A person sat down at the table holding this reconnect token.
    case seated(PlayerID, token: String)
}

/// A table between rounds, as its journal keeps it: everything a rebuild starts from.
public struct TableCheckpoint: Hashable, Sendable {
    /// The seats, settings and random state (as a round's record keeps them at its start).
    public var start: RoundStart
    /// Whether it is a single-player table.
    public var solo: Bool
    /// The reconnect token of each person seated, by id.
    public var tokens: [PlayerID: String]

    /// A checkpoint of a table from its round's start, whether it is single-player, and its tokens.
    public init(start: RoundStart, solo: Bool, tokens: [PlayerID: String]) {
        self.start = start
        self.solo = solo
        self.tokens = tokens
    }
}
