import Foundation
import Hummingbird
import SnapCore
import SnapProtocol
import SnapStore

/// The history as JSON: recent rounds (`/api/rounds`), one round (`/api/rounds/ID`), its replay
/// (`/api/rounds/ID/replay`) and a name's record (`/api/players/NAME`). docs/SERVER.md documents the answers.
struct HistoryEndpoints: Sendable {
    /// The most rounds one page lists, and how many it lists unless asked.
    static let pageLimit = 100
    static let defaultPage = 20

    /// nil when the server keeps no history.
    let store: (any GameStore)?

    func add(to router: Router<some RequestContext>) {
        router.get("/api/rounds") { request, _ in
            let store = try requireStore()
            let query = request.uri.queryParameters
            let player = try query.get("player").map { try Self.name(String($0)) }
            let deal = try query.get("deal").map { try Self.deal(String($0)) }
            let before = try query.get("before").map { try Self.id(String($0), what: "before") }
            let limit = try query.get("limit").map { try Self.limit(String($0)) } ?? Self.defaultPage
            let rounds = try await Self.storing { () throws(StoreError) in
                try await store.rounds(player: player, deal: deal, before: before, limit: limit)
            }
            return try Self.json(RoundPage(rounds: rounds.map(RoundSummaryJSON.init), nextBefore: rounds.count == limit ? rounds.last?.id : nil))
        }
        router.get("/api/rounds/:id") { _, context in
            try Self.json(RoundJSON(try await round(context)))
        }
        router.get("/api/rounds/:id/replay") { _, context in
            let round = try await round(context)
            let log: RoundLog
            let moments: [RoundReplayFrames.Moment]
            do {
                log = try RoundLog(bytes: round.log)
                moments = try RoundReplayFrames.moments(of: log)
            } catch {
                throw HTTPError(.unprocessableContent, message: "Round \(round.id ?? 0) cannot be replayed by this version of Snap!: \(error).")
            }
            return try Self.json(ReplayJSON(round: RoundJSON(round), moments: moments))
        }
        router.get("/api/players/:name") { _, context in
            let store = try requireStore()
            // Path parameters come as they were sent: percent-encoded.
            let typed = context.parameters.get("name") ?? ""
            guard let decoded = typed.removingPercentEncoding else {
                throw HTTPError(.badRequest, message: "\(typed.prefix(24).debugDescription) is not a percent-encoded name.")
            }
            let name = try Self.name(decoded)
            let stats = try await Self.storing { () throws(StoreError) in try await store.stats(for: name, recent: 10) }
            guard let stats else { throw HTTPError(.notFound, message: "Nobody called \(name) has played a round here yet.") }
            return try Self.json(PlayerJSON(stats))
        }
    }

    private func requireStore() throws -> any GameStore {
        guard let store else {
            throw HTTPError(.notFound, message: "This server keeps no history: it was started with --db none.")
        }
        return store
    }

    private func round(_ context: some RequestContext) async throws -> RoundRecord {
        let store = try requireStore()
        let id = try Self.id(context.parameters.get("id") ?? "", what: "round")
        let round = try await Self.storing { () throws(StoreError) in try await store.round(id: id) }
        guard let round else { throw HTTPError(.notFound, message: "There is no round \(id) on this server.") }
        return round
    }

    // MARK: - Checking what is asked

    static func id(_ text: String, what: String) throws -> Int64 {
        guard text.count <= 19, text.allSatisfy(\.isASCII), let id = Int64(text), id > 0 else {
            throw HTTPError(.badRequest, message: "A \(what) id is a whole number from 1, not \(text.prefix(24).debugDescription).")
        }
        return id
    }

    static func name(_ text: String) throws -> String {
        do {
            return try PlayerName.validated(text)
        } catch {
            throw HTTPError(.badRequest, message: "\(text.prefix(24).debugDescription) is not a player's name: \(error).")
        }
    }

    /// A deal code as typed, in the form the store keeps ("K7M3-Q2PX").
    static func deal(_ text: String) throws -> String {
        do {
            return try DealCode(parsing: text).description
        } catch {
            throw HTTPError(.badRequest, message: "\(text.prefix(24).debugDescription) is not a deal code: \(error).")
        }
    }

    static func limit(_ text: String) throws -> Int {
        guard let limit = Int(text), (1...pageLimit).contains(limit) else {
            throw HTTPError(.badRequest, message: "limit is a whole number from 1 to \(pageLimit), not \(text.prefix(24).debugDescription).")
        }
        return limit
    }

    /// Runs a store query; a store that fails is a 503 with its reason.
    private static func storing<Value>(_ query: () async throws(StoreError) -> Value) async throws -> Value {
        do {
            return try await query()
        } catch {
            throw HTTPError(.serviceUnavailable, message: "The history cannot be read right now: \(error)")
        }
    }

    private static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder.sorted
        encoder.dateEncodingStrategy = .iso8601
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

// MARK: - The answers

/// One page of `/api/rounds`: `next_before` is the `before` of the next page, null on the last.
struct RoundPage: Encodable {
    var rounds: [RoundSummaryJSON]
    var nextBefore: Int64?

    enum CodingKeys: String, CodingKey {
        case rounds
        case nextBefore = "next_before"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(nextBefore, forKey: .nextBefore)
    }
}

struct PlayerJSON: Encodable {
    var name: String
    var roundsPlayed: Int
    var roundsWon: Int
    var calls: [String: Int]
    var reactionMilliseconds: [String: Double?]
    var recent: [RoundSummaryJSON]

    init(_ stats: PlayerStats) {
        name = stats.name
        roundsPlayed = stats.roundsPlayed
        roundsWon = stats.roundsWon
        calls = [
            "correct": stats.correctCalls, "wrong": stats.wrongCalls, "too_late": stats.lateCalls,
            "false_start": stats.falseStarts,
        ]
        reactionMilliseconds = ["median": stats.medianReactionMilliseconds, "best": stats.bestReactionMilliseconds]
        recent = stats.recentRounds.map(RoundSummaryJSON.init)
    }

    enum CodingKeys: String, CodingKey {
        case name, calls, recent
        case roundsPlayed = "rounds_played"
        case roundsWon = "rounds_won"
        case reactionMilliseconds = "reaction_ms"
    }
}

struct RoundSummaryJSON: Encodable {
    var id: Int64
    var table: String
    var round: Int
    var startedAt: Date
    var endedAt: Date
    var lengthSeconds: Double
    var winner: String?
    var deal: String?
    var players: [PlayerInRoundJSON]

    init(_ summary: RoundSummary) {
        id = summary.id
        table = summary.tableCode
        round = summary.roundNumber
        startedAt = summary.startedAt
        endedAt = summary.endedAt
        lengthSeconds = (summary.endedAt.timeIntervalSince(summary.startedAt) * 10).rounded() / 10
        winner = summary.winner
        deal = summary.deal
        players = summary.players.map(PlayerInRoundJSON.init)
    }

    enum CodingKeys: String, CodingKey {
        case id, table, round, winner, deal, players
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case lengthSeconds = "length_seconds"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(table, forKey: .table)
        try container.encode(round, forKey: .round)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(lengthSeconds, forKey: .lengthSeconds)
        try container.encode(winner, forKey: .winner)
        try container.encode(deal, forKey: .deal)
        try container.encode(players, forKey: .players)
    }
}

struct PlayerInRoundJSON: Encodable {
    var seat: Int
    var name: String
    var computer: Bool
    var level: String?
    var cardsAtEnd: Int
    var headStartMilliseconds: Int

    init(_ player: RoundPlayer) {
        seat = player.seat
        name = player.name
        computer = player.isComputer
        level = player.level
        cardsAtEnd = player.cardsAtEnd
        headStartMilliseconds = player.headStartMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case seat, name, computer, level
        case cardsAtEnd = "cards_at_end"
        case headStartMilliseconds = "head_start_ms"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seat, forKey: .seat)
        try container.encode(name, forKey: .name)
        try container.encode(computer, forKey: .computer)
        try container.encode(level, forKey: .level)
        try container.encode(cardsAtEnd, forKey: .cardsAtEnd)
        try container.encode(headStartMilliseconds, forKey: .headStartMilliseconds)
    }
}

/// `/api/rounds/ID`: the summary, the settings, the seed (as text: it is a 64-bit number) and every call.
struct RoundJSON: Encodable {
    var summary: RoundSummaryJSON
    var seed: String
    var roundSeconds: Int?
    var turnSeconds: Int?
    var actions: Int
    var logBytes: Int
    var calls: [CallJSON]

    init(_ round: RoundRecord) {
        summary = RoundSummaryJSON(round.summary)
        seed = String(round.seed)
        roundSeconds = round.roundSeconds
        turnSeconds = round.turnSeconds
        actions = round.actionCount
        logBytes = round.log.count
        calls = round.calls.map(CallJSON.init)
    }

    enum CodingKeys: String, CodingKey {
        case seed, actions, calls
        case roundSeconds = "round_seconds"
        case turnSeconds = "turn_seconds"
        case logBytes = "log_bytes"
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(roundSeconds, forKey: .roundSeconds)
        try container.encode(turnSeconds, forKey: .turnSeconds)
        try container.encode(actions, forKey: .actions)
        try container.encode(logBytes, forKey: .logBytes)
        try container.encode(calls, forKey: .calls)
    }
}

struct CallJSON: Encodable {
    var seat: Int
    var name: String
    var verdict: String
    var offsetMilliseconds: Int
    var reactionMilliseconds: Double?

    init(_ call: RoundCall) {
        seat = call.seat
        name = call.name
        verdict = call.verdict.rawValue
        offsetMilliseconds = call.offsetMilliseconds
        reactionMilliseconds = call.reactionMilliseconds.map { ($0 * 10).rounded() / 10 }
    }

    enum CodingKeys: String, CodingKey {
        case seat, name, verdict
        case offsetMilliseconds = "offset_ms"
        case reactionMilliseconds = "reaction_ms"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seat, forKey: .seat)
        try container.encode(name, forKey: .name)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(offsetMilliseconds, forKey: .offsetMilliseconds)
        try container.encode(reactionMilliseconds, forKey: .reactionMilliseconds)
    }
}

/// `/api/rounds/ID/replay`: the round, then its moments — each a time (`t_ms`, on the table's timeline) and
/// the Snap! packets of that moment as base64 frames, numbered from 0 as a connection's would be.
struct ReplayJSON: Encodable {
    var round: RoundJSON
    var moments: [MomentJSON]

    init(round: RoundJSON, moments: [RoundReplayFrames.Moment]) {
        self.round = round
        var number: UInt32 = 0
        self.moments = moments.map { MomentJSON($0, numberedFrom: &number) }
    }
}

struct MomentJSON: Encodable {
    var offsetMilliseconds: Double
    var packets: [String]

    init(_ moment: RoundReplayFrames.Moment, numberedFrom number: inout UInt32) {
        offsetMilliseconds = (Double(moment.offset.nanoseconds) / 100_000).rounded() / 10
        packets = moment.packets.map { packet in
            defer { number += 1 }
            return Data(Frame(number: number, packet: packet).encoded()).base64EncodedString()
        }
    }

    enum CodingKeys: String, CodingKey {
        case offsetMilliseconds = "t_ms"
        case packets
    }
}
