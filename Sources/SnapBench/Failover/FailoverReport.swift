/// What `snap-bench failover` measured: the Redirect of a join through another node, and a node's death under
/// its tables — how long until each table played again, whether everyone got back, and whether anything a player
/// had seen was missing from the journal the tables were rebuilt from.
public struct FailoverReport: Codable, Sendable, Equatable {
    /// One table's failover.
    public struct Table: Codable, Sendable, Equatable {
        /// The table's code.
        public var code: String
        /// The round under way at the kill, as the bots saw it.
        public var round: Int
        /// The cards the bots had seen turned in that round when their connections dropped.
        public var cardsSeen: Int
        /// The round the table's journal held at the kill.
        public var journalRound: Int
        /// The cards turned in that round that the journal held.
        public var cardsJournaled: Int
        /// Cards seen turned that the journal did not hold.
        public var lost: Int
        /// Whether the journal was read before any node took the table over (so it holds nothing written after).
        public var journalReadBeforeTakeover: Bool
        /// Milliseconds from the kill to the first card turned after it (nil: the table never played again).
        public var failoverMs: Double?
        /// Bots back in their own seats.
        public var botsBack: Int
        /// The cards at the table in a bot's view once it played again.
        public var cards: Int?

        enum CodingKeys: String, CodingKey {
            case code, round, lost, cards
            case cardsSeen = "cards_seen"
            case journalRound = "journal_round"
            case cardsJournaled = "cards_journaled"
            case journalReadBeforeTakeover = "journal_read_before_takeover"
            case failoverMs = "failover_ms"
            case botsBack = "bots_back"
        }
    }

    /// The nodes started.
    public var nodes: Int
    /// The tables on node 1.
    public var tableCount: Int
    /// The nodes' lease.
    public var leaseSeconds: Int
    /// The run's seed.
    public var seed: UInt64
    /// Joins through node 2 to tables on node 1: connect to seated, Redirect included.
    public var joins: LatencySummary
    /// From the kill to each table playing again.
    public var failover: LatencySummary
    /// Tables that played again after the kill.
    public var tablesResumed: Int
    /// The bots seated.
    public var clients: Int
    /// Bots back in their own seats after the kill.
    public var clientsBack: Int
    /// Tables that had 52 cards once they played again.
    public var tablesWith52Cards: Int
    /// Cards the bots had seen turned in the rounds under way at the kill.
    public var cardsSeenBeforeKill: Int
    /// Cards seen turned that the journals did not hold.
    public var actionsLost: Int
    /// Each table.
    public var tables: [Table]

    enum CodingKeys: String, CodingKey {
        case nodes, seed, joins, failover, clients, tables
        case tableCount = "table_count"
        case leaseSeconds = "lease_seconds"
        case tablesResumed = "tables_resumed"
        case clientsBack = "clients_back"
        case tablesWith52Cards = "tables_with_52_cards"
        case cardsSeenBeforeKill = "cards_seen_before_kill"
        case actionsLost = "actions_lost"
    }

    /// Why the run failed, in one line; nil when every table resumed with every player and all 52 cards, and
    /// nothing seen was missing from a journal.
    public var failure: String? {
        if tablesResumed < tableCount {
            let stuck = tables.filter { $0.failoverMs == nil }.map(\.code).joined(separator: ", ")
            return "\(tableCount - tablesResumed) of \(tableCount) tables never played again after the kill (\(stuck))."
        }
        if actionsLost > 0 {
            return "\(actionsLost) cards turned and seen by players were missing from the tables' journals."
        }
        if clientsBack < clients {
            return "\(clients - clientsBack) of \(clients) players never got back to their seats."
        }
        if tablesWith52Cards < tableCount {
            return "\(tableCount - tablesWith52Cards) of \(tableCount) tables did not have 52 cards after the failover."
        }
        return nil
    }
}
