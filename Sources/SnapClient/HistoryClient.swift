import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SnapCore
import SnapProtocol

/// Reads a Snap! server's history over HTTP (docs/SERVER.md, "History, replays and stats"): the recent rounds
/// (`/api/rounds`) and one round's replay (`/api/rounds/ID/replay`), its frames decoded into packets.
///
/// ```swift
/// let history = try HistoryClient(address: "192.168.1.20:8080")
/// let page = try await history.rounds(player: "Ann")
/// ```
public struct HistoryClient: Sendable {
    /// The server's base address, `http://HOST:PORT`.
    public let base: URL

    /// The server as people type it: `http://HOST:PORT`, `ws://HOST:PORT` (as `snap join` takes it), `HOST:PORT` or
    /// `HOST` (port 8080); nil means this machine, `http://127.0.0.1:8080`.
    ///
    /// - Throws: ``HistoryError/badAddress(_:)`` for anything else.
    public init(address: String?) throws(HistoryError) {
        let typed = (address ?? "").trimmingCharacters(in: .whitespaces)
        let server: SnapAddress
        do {
            server = try SnapAddress(typed.isEmpty ? "127.0.0.1" : typed)
        } catch {
            throw .badAddress(typed)
        }
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        guard let url = URL(string: "\(server.isSecure ? "https" : "http")://\(host):\(server.port)") else {
            throw .badAddress(typed)
        }
        base = url
    }

    /// The server as HOST:PORT, for messages.
    public var address: String {
        let host = base.host ?? "?"
        return "\(host.contains(":") ? "[\(host)]" : host):\(base.port ?? 443)"
    }

    // MARK: - Asking

    /// The JSON of one page of recent rounds, newest first, exactly as the server sent it.
    public func roundsJSON(
        player: String? = nil, deal: DealCode? = nil, before: Int64? = nil, limit: Int? = nil
    ) async throws(HistoryError) -> Data {
        var query = [URLQueryItem]()
        if let player { query.append(URLQueryItem(name: "player", value: player)) }
        if let deal { query.append(URLQueryItem(name: "deal", value: deal.description)) }
        if let before { query.append(URLQueryItem(name: "before", value: String(before))) }
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        return try await get("/api/rounds", query: query)
    }

    /// One page of recent rounds, newest first: of one player, or of one deal, when given.
    public func rounds(
        player: String? = nil, deal: DealCode? = nil, before: Int64? = nil, limit: Int? = nil
    ) async throws(HistoryError) -> RoundPage {
        try decode(RoundPage.self, from: try await roundsJSON(player: player, deal: deal, before: before, limit: limit))
    }

    /// Round `id`'s replay: the round, and its moments with their packets.
    public func replay(id: Int64) async throws(HistoryError) -> RoundReplayRecord {
        let body = try decode(ReplayBody.self, from: try await get("/api/rounds/\(id)/replay", query: []))
        var moments = [RoundReplayRecord.Moment]()
        for moment in body.moments {
            var packets = [Packet]()
            for text in moment.packets {
                guard let bytes = Data(base64Encoded: text), let frame = try? Frame.decode(bytes) else {
                    throw .unreadable(address, "a replay frame is not a Snap! packet")
                }
                packets.append(frame.packet)
            }
            moments.append(.init(at: .microseconds(Int64((moment.t_ms * 1000).rounded())), packets: packets))
        }
        return RoundReplayRecord(round: body.round, moments: moments)
    }

    private func get(_ path: String, query: [URLQueryItem]) async throws(HistoryError) -> Data {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.path = path
        components.queryItems = query.isEmpty ? nil : query
        var request = URLRequest(url: components.url!, timeoutInterval: 10)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let answer: (Data, URLResponse)
        do {
            answer = try await session.data(for: request)
        } catch {
            throw .unreachable(address, Self.reason(error))
        }
        let (data, response) = answer
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            struct Refusal: Decodable {
                struct Detail: Decodable { var message: String }
                var error: Detail
            }
            guard let refusal = try? JSONDecoder().decode(Refusal.self, from: data) else {
                throw .unreadable(address, "HTTP \(status) without a Snap! error; is this a Snap! server?")
            }
            throw .refused(status: status, message: refusal.error.message)
        }
        return data
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(HistoryError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw .unreadable(address, "its answer is not the history this version of Snap! reads")
        }
    }

    /// The network's error in a few words, without the library's own text where we know what it means.
    private static func reason(_ error: any Error) -> String {
        let code = (error as? URLError)?.code
        switch code {
        case .cannotConnectToHost?: return "nothing is listening there"
        case .cannotFindHost?, .dnsLookupFailed?: return "no computer of that name was found"
        case .timedOut?: return "no answer in time"
        default: return (error as NSError).localizedDescription
        }
    }

    private struct ReplayBody: Decodable {
        struct Moment: Decodable {
            var t_ms: Double
            var packets: [String]
        }
        var round: HistoryRound
        var moments: [Moment]
    }
}

/// Why the history could not be read.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// What was typed is not a server's address.
    case badAddress(String)
    /// No server answered at the address, and why.
    case unreachable(String, String)
    /// The server answered with an error, and said why (400: a bad id or name; 404: no such round or player, or
    /// a server that keeps no history).
    case refused(status: Int, message: String)
    /// Something answered, but not as a Snap! server's history does.
    case unreadable(String, String)

    /// What went wrong, in a sentence for people.
    public var description: String {
        switch self {
        case .badAddress(let typed):
            "'\(typed)' is not a server address: use HOST:PORT, http://HOST:PORT or ws://HOST:PORT, e.g. 192.168.1.20:8080."
        case .unreachable(let address, let why):
            "Could not reach a Snap! server at \(address) (\(why)). Is `snap serve` running there? Check the address and the port."
        case .refused(_, let message):
            message
        case .unreadable(let address, let why):
            "The answer from \(address) could not be read: \(why)."
        }
    }
}

/// One page of `/api/rounds`.
public struct RoundPage: Decodable, Sendable {
    /// The rounds of the page, newest first.
    public var rounds: [HistoryRound]
    /// The `before` of the next (older) page; nil on the last.
    public var nextBefore: Int64?

    enum CodingKeys: String, CodingKey {
        case rounds
        case nextBefore = "next_before"
    }
}

/// A finished round as the history lists it (and, with `calls` and ``seed``, as `/api/rounds/ID` describes it).
public struct HistoryRound: Decodable, Sendable, Equatable {
    /// The round's number in the server's history.
    public var id: Int64
    /// The code of the table it was played at.
    public var table: String
    /// Which round of that table it was, from 1.
    public var round: Int
    /// When its deal started.
    public var startedAt: Date
    /// When it ended.
    public var endedAt: Date
    /// How long it lasted on the table's timeline, in seconds.
    public var lengthSeconds: Double
    /// The winner's name; nil when the round was abandoned.
    public var winner: String?
    /// Who played it, by seat.
    public var players: [Player]
    /// The table's random state when the round started (as text: a 64-bit number); only in a round's own
    /// description.
    public var seed: String?
    /// The round's deal code ("K7M3-Q2PX"); nil for a round played before deal codes.
    public var deal: String?

    /// One player of the round.
    public struct Player: Decodable, Sendable, Equatable {
        /// The seat's number: 0 bottom, 1 left, 2 top, 3 right.
        public var seat: Int
        /// The player's name.
        public var name: String
        /// Whether a computer played the seat.
        public var computer: Bool
        /// A computer player's difficulty ("easy", "normal", "hard"); nil for a person.
        public var level: String?
        /// The cards the player held when the round ended.
        public var cardsAtEnd: Int

        enum CodingKeys: String, CodingKey {
            case seat, name, computer, level
            case cardsAtEnd = "cards_at_end"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, table, round, winner, players, seed, deal
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case lengthSeconds = "length_seconds"
    }
}

/// A round's replay: what every seat was sent, moment by moment, the first moment a snapshot from no seat.
public struct RoundReplayRecord: Sendable {
    /// The packets of one moment, at its time from the start of the round (on the table's timeline).
    public struct Moment: Sendable {
        /// When it happened, from the start of the round.
        public var at: Duration
        /// What every seat was sent then.
        public var packets: [Packet]

        /// A moment at `at` with its packets.
        public init(at: Duration, packets: [Packet]) {
            self.at = at
            self.packets = packets
        }
    }

    /// The round, as the history describes it.
    public var round: HistoryRound
    /// Its moments, in order.
    public var moments: [Moment]

    /// A replay of `round` made of `moments`.
    public init(round: HistoryRound, moments: [Moment]) {
        self.round = round
        self.moments = moments
    }
}
