/// One name's record over every stored round.
public struct PlayerStats: Sendable, Hashable, Codable {
    /// The name as it was last played.
    public var name: String
    public var roundsPlayed: Int
    public var roundsWon: Int
    public var correctCalls: Int
    public var wrongCalls: Int
    public var lateCalls: Int
    /// Calls faster than a person can react (RULES.md, "False start").
    public var falseStarts: Int
    /// The median and best reaction of the correct calls (card shown → call), in milliseconds; nil without any.
    public var medianReactionMilliseconds: Double?
    public var bestReactionMilliseconds: Double?
    /// The most recent rounds played, newest first.
    public var recentRounds: [RoundSummary]

    public init(
        name: String, roundsPlayed: Int, roundsWon: Int, correctCalls: Int, wrongCalls: Int, lateCalls: Int,
        falseStarts: Int = 0, medianReactionMilliseconds: Double?, bestReactionMilliseconds: Double?, recentRounds: [RoundSummary]
    ) {
        self.name = name
        self.roundsPlayed = roundsPlayed
        self.roundsWon = roundsWon
        self.correctCalls = correctCalls
        self.wrongCalls = wrongCalls
        self.lateCalls = lateCalls
        self.falseStarts = falseStarts
        self.medianReactionMilliseconds = medianReactionMilliseconds
        self.bestReactionMilliseconds = bestReactionMilliseconds
        self.recentRounds = recentRounds
    }

    /// A record as a store counts it: the name's calls by verdict (``RoundCall/Verdict``'s raw values) and the
    /// reactions of its correct calls.
    public init(
        name: String, roundsPlayed: Int, roundsWon: Int, callsByVerdict counts: [String: Int], reactions: [Double],
        recentRounds: [RoundSummary]
    ) {
        self.init(
            name: name, roundsPlayed: roundsPlayed, roundsWon: roundsWon,
            correctCalls: counts[RoundCall.Verdict.correct.rawValue] ?? 0,
            wrongCalls: counts[RoundCall.Verdict.wrong.rawValue] ?? 0,
            lateCalls: counts[RoundCall.Verdict.tooLate.rawValue] ?? 0,
            falseStarts: counts[RoundCall.Verdict.falseStart.rawValue] ?? 0,
            medianReactionMilliseconds: Self.median(reactions), bestReactionMilliseconds: reactions.min(),
            recentRounds: recentRounds)
    }

    /// The median of `values` (the mean of the middle two for an even count); nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
