/// One scenario of `snap-bench fairness`, both judging modes side by side.
public struct FairnessScenarioReport: Encodable, Sendable, Equatable {
    /// Its `--scenario` name.
    public var name: String
    /// What it is.
    public var summary: String
    /// Each player's network one way, player 0 (the low-delay one) first.
    public var networks: [String]
    /// What player 1 does, if it cheats.
    public var cheat: String?
    /// Player 1's head start in milliseconds, in the head-start scenarios.
    public var headStartMs: Int?
    /// Judged in the order calls arrive.
    public var arrival: FairnessJudgingReport
    /// Judged by reaction time.
    public var reaction: FairnessJudgingReport

    private enum CodingKeys: String, CodingKey { case name, summary, networks, cheat, headStartMs, arrival, reaction }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encode(networks, forKey: .networks)
        try container.encode(cheat, forKey: .cheat)
        try container.encode(headStartMs, forKey: .headStartMs)
        try container.encode(arrival, forKey: .arrival)
        try container.encode(reaction, forKey: .reaction)
    }
}
