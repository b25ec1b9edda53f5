import Foundation

/// One finished round as the store keeps it: who played, how it went, and the log that replays it exactly.
///
/// The store reads the summary fields (players, winner, calls) to answer history and stats queries; the
/// ``log`` is opaque to it (SnapCore's `RoundLog`, encoded by SnapProtocol) and comes back byte for byte.
public struct RoundRecord: Sendable, Hashable, Codable {
    /// The store's id for the round; nil until it is saved.
    public var id: Int64?
    /// The code of the table it was played at.
    public var tableCode: String
    /// The round's number at its table (1 for the first).
    public var roundNumber: Int
    /// When the round started (the deal) and ended.
    public var startedAt: Date
    public var endedAt: Date
    /// Everyone seated when the round started, by seat.
    public var players: [RoundPlayer]
    /// The winner's name; nil when the round was abandoned.
    public var winner: String?
    /// The runner's random state at the start of the round, which the log replays it from.
    public var seed: UInt64
    /// The code of the round's deal as it is shown ("K7M3-Q2PX"): the same shuffle as every round with it; nil for a
    /// round dealt without one (before deal codes).
    public var deal: String?
    /// The round's time limit in seconds; nil for a classic round.
    public var roundSeconds: Int?
    /// The turn timer in seconds; nil when off.
    public var turnSeconds: Int?
    /// Every call of "Snap!" and its verdict, in order.
    public var calls: [RoundCall]
    /// How many actions the log holds.
    public var actionCount: Int
    /// The replay log: the round's start and every action with its time (opaque to the store).
    public var log: [UInt8]

    public init(
        id: Int64? = nil, tableCode: String, roundNumber: Int, startedAt: Date, endedAt: Date,
        players: [RoundPlayer], winner: String?, seed: UInt64, deal: String? = nil, roundSeconds: Int?, turnSeconds: Int?,
        calls: [RoundCall], actionCount: Int, log: [UInt8]
    ) {
        self.id = id
        self.tableCode = tableCode
        self.roundNumber = roundNumber
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.players = players
        self.winner = winner
        self.seed = seed
        self.deal = deal
        self.roundSeconds = roundSeconds
        self.turnSeconds = turnSeconds
        self.calls = calls
        self.actionCount = actionCount
        self.log = log
    }

    /// The round's summary, as history lists it.
    public var summary: RoundSummary {
        RoundSummary(
            id: id ?? 0, tableCode: tableCode, roundNumber: roundNumber, startedAt: startedAt, endedAt: endedAt,
            players: players, winner: winner, deal: deal)
    }
}

/// A player seated when a round started.
public struct RoundPlayer: Sendable, Hashable, Codable {
    /// The seat, 0–3.
    public var seat: Int
    /// The name shown at the table.
    public var name: String
    /// Whether a computer played the seat.
    public var isComputer: Bool
    /// A computer player's level ("easy", "normal", "hard"); nil for a person.
    public var level: String?
    /// Cards held (face down and face up) when the round ended.
    public var cardsAtEnd: Int
    /// The player's head start in the round, in milliseconds (0: none).
    public var headStartMilliseconds: Int

    public init(seat: Int, name: String, isComputer: Bool, level: String?, cardsAtEnd: Int, headStartMilliseconds: Int = 0) {
        self.seat = seat
        self.name = name
        self.isComputer = isComputer
        self.level = level
        self.cardsAtEnd = cardsAtEnd
        self.headStartMilliseconds = headStartMilliseconds
    }
}

/// One call of "Snap!" in a round.
public struct RoundCall: Sendable, Hashable, Codable {
    /// How a call was judged.
    public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
        case correct, wrong, tooLate = "too_late", falseStart = "false_start"
    }

    /// The caller's seat and name.
    public var seat: Int
    public var name: String
    public var verdict: Verdict
    /// When the call was judged, in milliseconds from the start of the round.
    public var offsetMilliseconds: Int
    /// The caller's reaction, from the card being shown to the call, in milliseconds, when known.
    public var reactionMilliseconds: Double?

    public init(seat: Int, name: String, verdict: Verdict, offsetMilliseconds: Int, reactionMilliseconds: Double?) {
        self.seat = seat
        self.name = name
        self.verdict = verdict
        self.offsetMilliseconds = offsetMilliseconds
        self.reactionMilliseconds = reactionMilliseconds
    }
}

/// A round as the history lists it.
public struct RoundSummary: Sendable, Hashable, Codable {
    public var id: Int64
    public var tableCode: String
    public var roundNumber: Int
    public var startedAt: Date
    public var endedAt: Date
    public var players: [RoundPlayer]
    public var winner: String?
    /// The code of the round's deal ("K7M3-Q2PX"); nil for a round dealt without one.
    public var deal: String?

    public init(
        id: Int64, tableCode: String, roundNumber: Int, startedAt: Date, endedAt: Date, players: [RoundPlayer],
        winner: String?, deal: String? = nil
    ) {
        self.id = id
        self.tableCode = tableCode
        self.roundNumber = roundNumber
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.players = players
        self.winner = winner
        self.deal = deal
    }
}
