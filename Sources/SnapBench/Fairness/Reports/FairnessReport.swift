/// The figures of a `snap-bench fairness` run, as `--json` prints them.
public struct FairnessReport: Encodable, Sendable, Equatable {
    /// The seed of the scripted reactions and the jitter.
    public var seed: UInt64
    /// Races wanted per scenario and judging mode.
    public var racesWanted: Int
    /// Tables played at once per scenario and judging mode.
    public var tables: Int
    /// The servers' speed factor.
    public var speed: Double
    /// The servers' largest compensation, in milliseconds: the bound no cheat should gain more than.
    public var boundMs: Int
    /// Seconds the run took.
    public var durationSeconds: Double
    /// How the time added before a verdict is measured.
    public var verdictDelayMeasure: String
    /// How a cheat's gain is defined.
    public var gainDefinition: String
    /// Each scenario played.
    public var scenarios: [FairnessScenarioReport]
}
