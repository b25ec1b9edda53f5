/// The figures of one judging mode in one scenario of `snap-bench fairness`.
public struct FairnessJudgingReport: Encodable, Sendable, Equatable {
    /// "arrival" or "reaction".
    public var judging: String
    /// Races counted: cards turned whose race a judged call (wrong or correct) ended — against a cheat, those on a
    /// match alone (who takes the cards).
    public var races: Int
    /// Against a cheat: races a judged call ended on no match (a blind cheat's wrong calls), not counted.
    public var racesOffMatch: Int
    /// False starts (RULES.md) by player 0 and player 1, in every race; an honest player's must be 0.
    public var falseStarts: [Int]
    /// Cards turned that no judged call ended within a few seconds (not counted).
    public var voidRaces: Int
    /// Per difference in reaction (ms), the share won by the truly faster player. Against a cheat the faster
    /// player is the honest one.
    public var fasterWonByGap: [FairnessShare]
    /// The same over every race whose players differed by 10 ms or more.
    public var fasterWonFrom10Ms: FairnessShare
    /// Races with equal reactions, and the share won by player 0 — the low-delay player where the networks
    /// differ (fair is 50 %).
    public var equalReactionsLowDelayWon: FairnessShare
    /// From the first call reaching the server to its verdict leaving it, measured at the delay proxies.
    public var verdictDelayMs: FairnessDelaySummary
    /// The margin the server said the winner won by, where it said one (version 2 CallTiming).
    public var serverMarginMs: FairnessDelaySummary
    /// Races the winner won with a wrong call (no match on the table).
    public var wrongCallWins: Int
    /// Races in which the players' own timers called in the opposite order to the script (sleeps running long on
    /// a busy machine); they are counted by the script all the same. Not counted against a cheat that calls when
    /// it likes rather than when its script says.
    public var timerSlips: Int
    /// Against a cheat: per gap (the honest player faster by this much), the share of races on a match the cheater
    /// won (took the cards).
    public var cheaterWonByGap: [FairnessShare]?
    /// Against a cheat: the gap (ms) up to which the cheater still wins most races — see ``gainDefinition``.
    public var cheatGainMs: Double?
    /// Against a cheat: whether it won most races at every gap tried, so that its gain is at least the largest.
    public var cheatGainAtLeast: Bool?
    /// With a head start: per gap (player 1, who has the head start, slower by this much), the share player 1 won.
    public var headStartWonByGap: [FairnessShare]?
    /// Calls the server refused under its rate limit (a cheat calling on every card can reach it).
    public var callsRefused: Int
    /// Wire errors other than the rate limit, undecodable packets and dropped connections at this mode's tables
    /// (must be 0).
    public var protocolErrors: Int

    private enum CodingKeys: String, CodingKey {
        case judging, races, racesOffMatch, falseStarts, voidRaces, fasterWonByGap, equalReactionsLowDelayWon, verdictDelayMs, serverMarginMs
        case wrongCallWins, timerSlips, cheaterWonByGap, cheatGainMs, cheatGainAtLeast, headStartWonByGap, callsRefused
        case protocolErrors
        case fasterWonFrom10Ms = "faster_won_from_10ms"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(judging, forKey: .judging)
        try container.encode(races, forKey: .races)
        try container.encode(racesOffMatch, forKey: .racesOffMatch)
        try container.encode(falseStarts, forKey: .falseStarts)
        try container.encode(voidRaces, forKey: .voidRaces)
        try container.encode(fasterWonByGap, forKey: .fasterWonByGap)
        try container.encode(fasterWonFrom10Ms, forKey: .fasterWonFrom10Ms)
        try container.encode(equalReactionsLowDelayWon, forKey: .equalReactionsLowDelayWon)
        try container.encode(verdictDelayMs, forKey: .verdictDelayMs)
        try container.encode(serverMarginMs, forKey: .serverMarginMs)
        try container.encode(wrongCallWins, forKey: .wrongCallWins)
        try container.encode(timerSlips, forKey: .timerSlips)
        // Null rather than missing in honest scenarios, so that every scenario has the same keys.
        try container.encode(cheaterWonByGap, forKey: .cheaterWonByGap)
        try container.encode(cheatGainMs, forKey: .cheatGainMs)
        try container.encode(cheatGainAtLeast, forKey: .cheatGainAtLeast)
        try container.encode(headStartWonByGap, forKey: .headStartWonByGap)
        try container.encode(callsRefused, forKey: .callsRefused)
        try container.encode(protocolErrors, forKey: .protocolErrors)
    }

    /// How a cheat's gain is defined.
    public static let gainDefinition = """
        A cheat's gain is how much faster its honest opponent must truly be before the cheat stops winning most \
        races on a match (taking the cards): the gap at which the cheater's share of them last crosses 50 % going \
        down, interpolated between the gaps tried (0 when it wins at most half the races at every gap).
        """

    /// How the verdict delay is measured.
    public static let verdictDelayMeasure = """
        Time added before a verdict: from the first call's bytes being written to the server by its player's delay \
        proxy to the verdict's bytes (PlayerCalledSnap) being read from the server by either proxy — the server's \
        own hold and processing plus two loopback hops (about 0.1 ms), with no round-trip estimate involved.
        """

    init(
        judging: FairnessJudging, scenario: FairnessScenario, races: [FairnessRace], voidRaces: Int, callsRefused: Int,
        protocolErrors: Int
    ) {
        self.judging = judging.rawValue
        falseStarts = (0..<2).map { player in races.filter { $0.falseStarts[player] }.count }
        wrongCallWins = races.filter { !$0.correct }.count
        let all = races
        let races = scenario.matchesOnly ? all.filter(\.onMatch) : all
        racesOffMatch = all.count - races.count
        self.races = races.count
        self.voidRaces = voidRaces
        self.callsRefused = callsRefused
        self.protocolErrors = protocolErrors
        let gaps = Set(races.map { abs($0.gap) }).union(scenario.gaps).sorted()
        fasterWonByGap = gaps.filter { $0 > 0 }.map { gap in
            let counted = races.filter { abs($0.gap) == gap }
            return FairnessShare(gapMs: gap, races: counted.count, won: counted.filter { $0.winner == $0.faster }.count)
        }
        let wide = races.filter { abs($0.gap) >= 10 }
        fasterWonFrom10Ms = FairnessShare(races: wide.count, won: wide.filter { $0.winner == $0.faster }.count)
        let ties = races.filter { $0.gap == 0 }
        equalReactionsLowDelayWon = FairnessShare(gapMs: 0, races: ties.count, won: ties.filter { $0.winner == 0 }.count)
        verdictDelayMs = FairnessDelaySummary(races.compactMap(\.verdictDelay))
        serverMarginMs = FairnessDelaySummary(races.compactMap(\.margin))
        timerSlips = scenario.cheat?.keepsToTheScript == false ? 0 : races.filter(\.timerSlipped).count
        // Where player 1 is always the slower (a cheat, a head start): per gap, the share player 1 won.
        guard scenario.cheat != nil || scenario.headStartMs != nil else { return }
        let playerOneWon = gaps.map { gap in
            let counted = races.filter { $0.gap == gap }
            return FairnessShare(gapMs: gap, races: counted.count, won: counted.filter { $0.winner == 1 }.count)
        }
        if scenario.headStartMs != nil { headStartWonByGap = playerOneWon }
        guard scenario.cheat != nil else { return }
        let cheater = playerOneWon
        cheaterWonByGap = cheater
        (cheatGainMs, cheatGainAtLeast) = Self.gain(cheater)
    }

    /// Where the cheater's share last crosses 50 % going down, interpolated; and whether it never did (it wins most
    /// races at the largest gap tried). Not the first crossing: a lie that makes its short reactions false starts
    /// wins more as the honest player's lead grows, and gains as much as its last majority.
    static func gain(_ shares: [FairnessShare]) -> (Double?, Bool?) {
        let steps = shares.compactMap { share in share.share.map { (gap: Double(share.gapMs ?? 0), share: $0) } }
        guard let last = steps.last else { return (nil, nil) }
        guard let winning = steps.lastIndex(where: { $0.share > 0.5 }) else { return (0, false) }
        guard winning < steps.count - 1 else { return (last.gap, true) }
        let (below, above) = (steps[winning], steps[winning + 1])
        let fraction = (below.share - 0.5) / (below.share - above.share)
        return (below.gap + fraction * (above.gap - below.gap), false)
    }
}
