import SnapNetworkTools

/// One set-up of `snap-bench fairness`: two players' networks, whether the second cheats, and the differences
/// in reaction time drawn for its races.
public struct FairnessScenario: Sendable, Hashable {
    /// A short name for `--scenario`.
    public var name: String
    /// One line on what it is.
    public var summary: String
    /// Each player's network one way (the same both ways), player 0 first. Player 0 is the low-delay one.
    public var networks: [DelayProxyLink]
    /// What player 1 does to win, if anything.
    public var cheat: FairnessCheat?
    /// How much faster (ms) one player truly reacts than the other; each race draws one. Honest scenarios draw a
    /// sign as well, so either player may be the faster; against a cheat the honest player is always the faster
    /// (or equal), and what the cheat gains shows as the gap it still wins across.
    public var gaps: [Int]
    /// Player 1's head start in milliseconds (RULES.md), which its host gives it before the first round; nil in
    /// the scenarios that are not about head starts. Player 1 is then the slower player by each drawn gap.
    public var headStartMs: Int?
    /// Whether the cheater, like the honest player, reaches the server through a proxy the server trusts (as players
    /// behind nginx do), so that the server has only the pongs to go by. Otherwise the cheater's own TCP connection
    /// reaches the server, whose kernel measures its round trip.
    public var cheaterBehindTrustedProxy = false

    /// Whether only races on a match count, the players calling only when a match shows (a blind cheat calls on
    /// every card all the same). Against a cheat, what matters is who takes the cards; honest scenarios race on
    /// every card, wrong calls included, to gather more close calls.
    public var matchesOnly: Bool { cheat != nil }

    /// The differences in honest scenarios (each drawn as +Δ or −Δ).
    public static let honestGaps = [0, 5, 10, 20, 40, 80]
    /// The differences against a cheat: the honest player faster by this much. Finer below 20 ms, the most a lie
    /// should gain over a player's own TCP round trip; up to 160 ms, past what held pongs could buy behind a proxy.
    public static let cheatGaps = [0, 5, 10, 20, 40, 80, 160]
    /// The differences with a head start: player 1 slower by this much. Fine around 100 and 200 ms, where a head
    /// start of that much should stop winning.
    public static let headStartGaps = [0, 50, 90, 100, 110, 150, 190, 200, 210, 250]

    /// Every scenario, in the order a run plays them.
    public static let all: [FairnessScenario] = {
        let near = DelayProxyLink.milliseconds(5)
        var scenarios = [
            FairnessScenario(name: "both-5ms", summary: "both players 5 ms away", networks: [near, near], gaps: honestGaps),
            FairnessScenario(
                name: "5ms-vs-80ms", summary: "5 ms vs 80 ms", networks: [near, .milliseconds(80)], gaps: honestGaps),
            FairnessScenario(
                name: "both-40ms-jitter", summary: "both 40 ms ±20 ms",
                networks: [.milliseconds(40, jitter: 20), .milliseconds(40, jitter: 20)], gaps: honestGaps),
            FairnessScenario(
                name: "5ms-vs-80ms-jitter", summary: "5 ms vs 80 ms ±20 ms",
                networks: [near, .milliseconds(80, jitter: 20)], gaps: honestGaps),
        ]
        // The cheater on the server's own network (0 ms), so that the round trip its kernel measures is its true one.
        for cheat in FairnessCheat.allCases {
            scenarios.append(FairnessScenario(
                name: name(of: cheat), summary: "cheat: \(cheat.summary)", networks: [near, .milliseconds(0)],
                cheat: cheat, gaps: cheatGaps))
        }
        var proxied = FairnessScenario(
            name: "cheat-slow-pongs-via-proxy", summary: "cheat: \(FairnessCheat.slowPongs.summary), behind a trusted proxy",
            networks: [near, near], cheat: .slowPongs, gaps: cheatGaps)
        proxied.cheaterBehindTrustedProxy = true
        scenarios.append(proxied)
        for headStart in [0, 100, 200] {
            var scenario = FairnessScenario(
                name: "head-start-\(headStart)", summary: "both 5 ms, player 1 with a head start of \(headStart) ms",
                networks: [near, near], gaps: headStartGaps)
            scenario.headStartMs = headStart
            scenarios.append(scenario)
        }
        return scenarios
    }()

    /// The name of the scenario in which player 1 plays `cheat` on its own connection.
    public static func name(of cheat: FairnessCheat) -> String { "cheat-\(cheat.rawValue)" }

    /// The scenario called `name`.
    public static func named(_ name: String) -> FairnessScenario? {
        all.first { $0.name == name }
    }
}
