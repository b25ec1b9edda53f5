/// What the soak's honest bots did and saw.
public struct SoakHonestReport: Encodable, Sendable, Equatable {
    /// Sign-ins (a SnapClient connected and welcomed).
    public var signIns: Int
    /// Tables they opened.
    public var tablesOpened: Int
    /// Rounds won at their tables.
    public var rounds: Int
    /// Turns and calls.
    public var actions: Int
    /// Drops after which a player got back into its seat with its token.
    public var reconnectsWithToken: Int
    /// Players who vanished and came back without their token.
    public var returnsWithoutToken: Int
    /// Of those, how many got a seat at their table again (between rounds, once one was free).
    public var returnsSeated: Int
    /// Players who left while a round was under way.
    public var leavesMidRound: Int
    /// Reconnects with a made-up token, refused with unknownToken as they must be.
    public var lostTokenProbes: Int
    /// Refusals that were expected where they came, by name.
    public var expectedRefusals: [String: Int]
    /// What an honest bot should never see, by what it was.
    public var protocolErrorKinds: [String: Int]
    /// Times every seated bot's view was checked for the 52 cards.
    public var conservationChecks: Int
    /// Tables where some bot's view did not hold exactly 52 cards.
    public var tablesNotConserved: Int

    /// All protocol errors together (must be 0).
    public var protocolErrors: Int { protocolErrorKinds.values.reduce(0, +) }

    /// The figures `counters` holds now.
    init(_ counters: SoakCounters) {
        signIns = counters.signIns.value
        tablesOpened = counters.tablesOpened.value
        rounds = counters.rounds.value
        actions = counters.actions.value
        reconnectsWithToken = counters.reconnectsWithToken.value
        returnsWithoutToken = counters.returnsWithoutToken.value
        returnsSeated = counters.returnsSeated.value
        leavesMidRound = counters.leavesMidRound.value
        lostTokenProbes = counters.lostTokenProbes.value
        expectedRefusals = counters.expectedRefusals.counted
        protocolErrorKinds = counters.protocolErrors.counted
        conservationChecks = counters.conservationChecks.value
        tablesNotConserved = counters.tablesNotConserved.value
    }

    enum CodingKeys: String, CodingKey {
        case rounds, actions
        case signIns = "sign_ins"
        case tablesOpened = "tables_opened"
        case reconnectsWithToken = "reconnects_with_token"
        case returnsWithoutToken = "returns_without_token"
        case returnsSeated = "returns_seated"
        case leavesMidRound = "leaves_mid_round"
        case lostTokenProbes = "lost_token_probes"
        case expectedRefusals = "expected_refusals"
        case protocolErrors = "protocol_errors"
        case protocolErrorKinds = "protocol_error_kinds"
        case conservationChecks = "conservation_checks"
        case tablesNotConserved = "tables_not_conserved"
    }

    /// Writes every key, always in the same form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signIns, forKey: .signIns)
        try container.encode(tablesOpened, forKey: .tablesOpened)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(actions, forKey: .actions)
        try container.encode(reconnectsWithToken, forKey: .reconnectsWithToken)
        try container.encode(returnsWithoutToken, forKey: .returnsWithoutToken)
        try container.encode(returnsSeated, forKey: .returnsSeated)
        try container.encode(leavesMidRound, forKey: .leavesMidRound)
        try container.encode(lostTokenProbes, forKey: .lostTokenProbes)
        try container.encode(expectedRefusals, forKey: .expectedRefusals)
        try container.encode(protocolErrors, forKey: .protocolErrors)
        try container.encode(protocolErrorKinds, forKey: .protocolErrorKinds)
        try container.encode(conservationChecks, forKey: .conservationChecks)
        try container.encode(tablesNotConserved, forKey: .tablesNotConserved)
    }
}
