/// The figures of one load run, as `snap-bench load --json` prints them.
///
/// The server's memory and CPU are known only when the run started the server itself; against `--url` they
/// are nil, and print as `null`.
public struct LoadReport: Encodable, Sendable, Equatable {
    /// "snap" for the game server, "floor" for the transport floor (``FloorServer``).
    public var server: String
    /// Tables of bots.
    public var tables: Int
    /// Bots at each table.
    public var players: Int
    /// Length of the measured part of the run, after the ramp.
    public var durationSeconds: Double
    /// Bots signed in and seated.
    public var clientsConnected: Int
    /// Bots that could not connect or sit down.
    public var clientsFailed: Int
    /// Redirects the bots followed to their table's node, sitting down through one node (or a load balancer) of
    /// a cluster; 0 against a server on its own.
    public var redirects: Int
    /// Rounds won during the measured part.
    public var rounds: Int
    /// Turns and calls sent during the measured part.
    public var actions: Int
    /// Turns sent during the measured part.
    public var turns: Int
    /// Snap! calls sent during the measured part.
    public var calls: Int
    /// Actions per second of the measured part.
    public var actionsPerSecond: Double
    /// Packets per second from the server to the bots.
    public var packetsPerSecondOut: Double
    /// The WebSocket messages per second they came in (fewer than packets from protocol version 10 on).
    public var messagesPerSecondOut: Double
    /// Payload bytes per second from the server to the bots.
    public var bytesPerSecondOut: Double
    /// Packets per second from the bots to the server.
    public var packetsPerSecondIn: Double
    /// Payload bytes per second from the bots to the server.
    public var bytesPerSecondIn: Double
    /// From a client's action to its result reaching every seat at that table.
    public var latencyMs: LatencySummary
    /// The same for turns alone: a call's result also waits for its verdict, which the rules may hold back.
    public var turnLatencyMs: LatencySummary
    /// The same for Snap! calls alone, to their verdict at every seat.
    public var callLatencyMs: LatencySummary
    /// How long a Snap! server held its verdicts (part of every call's latency above); nil for the floor, which
    /// judges every call as it arrives and keeps no metrics, and when the server's metrics could not be read or no
    /// call was judged.
    public var judgingWaitMs: JudgingWaitSummary?
    /// From an action to every seat at the mirror tables, whose bots are full clients (their own work is part of
    /// it); nil when there are none, or when they are all there is (then ``latencyMs`` is theirs).
    public var mirrorLatencyMs: LatencySummary?
    /// The server's resident memory before any bot connected.
    public var serverRssBytesIdle: Int?
    /// The server's largest resident memory during the measured part.
    public var serverRssBytesLoaded: Int?
    /// Loaded minus idle, divided by the connected bots.
    public var rssBytesPerConnection: Int?
    /// The most bytes that ever waited in one connection's outbox on a Snap! server (its `/metrics`); nil for the
    /// floor, or a server whose metrics could not be read.
    public var largestOutboxBytes: Int?
    /// The server's CPU seconds (user and system) per second of the measured part.
    public var serverCpuSecondsPerSecond: Double?
    /// The load generator's own CPU use: near the machine's cores, and the figures say more about it than the server.
    public var generatorCpuSecondsPerSecond: Double
    /// How many processes the bots ran in.
    public var generators: Int
    /// Tables played by full clients that mirror the table and check its cards (the rest by lean bots).
    public var mirrorTables: Int
    /// Wire errors, undecodable or ill-fitting packets and dropped connections over the whole run (must be 0).
    public var protocolErrors: Int
    /// Whether every mirror table held its 52 cards at the end.
    public var cardsConserved: Bool

    enum CodingKeys: String, CodingKey {
        case server, tables, players, rounds, actions, turns, calls
        case durationSeconds = "duration_seconds"
        case clientsConnected = "clients_connected"
        case clientsFailed = "clients_failed"
        case redirects
        case actionsPerSecond = "actions_per_second"
        case packetsPerSecondOut = "packets_per_second_out"
        case messagesPerSecondOut = "messages_per_second_out"
        case bytesPerSecondOut = "bytes_per_second_out"
        case packetsPerSecondIn = "packets_per_second_in"
        case bytesPerSecondIn = "bytes_per_second_in"
        case latencyMs = "latency_ms"
        case turnLatencyMs = "turn_latency_ms"
        case callLatencyMs = "call_latency_ms"
        case judgingWaitMs = "judging_wait_ms"
        case mirrorLatencyMs = "mirror_latency_ms"
        case serverRssBytesIdle = "server_rss_bytes_idle"
        case serverRssBytesLoaded = "server_rss_bytes_loaded"
        case rssBytesPerConnection = "rss_bytes_per_connection"
        case largestOutboxBytes = "largest_outbox_bytes"
        case serverCpuSecondsPerSecond = "server_cpu_seconds_per_second"
        case generatorCpuSecondsPerSecond = "generator_cpu_seconds_per_second"
        case generators
        case mirrorTables = "mirror_tables"
        case protocolErrors = "protocol_errors"
        case cardsConserved = "cards_conserved"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(server, forKey: .server)
        try container.encode(tables, forKey: .tables)
        try container.encode(players, forKey: .players)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(clientsConnected, forKey: .clientsConnected)
        try container.encode(clientsFailed, forKey: .clientsFailed)
        try container.encode(redirects, forKey: .redirects)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(actions, forKey: .actions)
        try container.encode(turns, forKey: .turns)
        try container.encode(calls, forKey: .calls)
        try container.encode(actionsPerSecond, forKey: .actionsPerSecond)
        try container.encode(packetsPerSecondOut, forKey: .packetsPerSecondOut)
        try container.encode(messagesPerSecondOut, forKey: .messagesPerSecondOut)
        try container.encode(bytesPerSecondOut, forKey: .bytesPerSecondOut)
        try container.encode(packetsPerSecondIn, forKey: .packetsPerSecondIn)
        try container.encode(bytesPerSecondIn, forKey: .bytesPerSecondIn)
        try container.encode(latencyMs, forKey: .latencyMs)
        try container.encode(turnLatencyMs, forKey: .turnLatencyMs)
        try container.encode(callLatencyMs, forKey: .callLatencyMs)
        // Unknown figures are written as null, never left out: every key is always there.
        try container.encode(judgingWaitMs, forKey: .judgingWaitMs)
        try container.encode(mirrorLatencyMs, forKey: .mirrorLatencyMs)
        try container.encode(serverRssBytesIdle, forKey: .serverRssBytesIdle)
        try container.encode(serverRssBytesLoaded, forKey: .serverRssBytesLoaded)
        try container.encode(rssBytesPerConnection, forKey: .rssBytesPerConnection)
        try container.encode(largestOutboxBytes, forKey: .largestOutboxBytes)
        try container.encode(serverCpuSecondsPerSecond, forKey: .serverCpuSecondsPerSecond)
        try container.encode(generatorCpuSecondsPerSecond, forKey: .generatorCpuSecondsPerSecond)
        try container.encode(generators, forKey: .generators)
        try container.encode(mirrorTables, forKey: .mirrorTables)
        try container.encode(protocolErrors, forKey: .protocolErrors)
        try container.encode(cardsConserved, forKey: .cardsConserved)
    }
}
