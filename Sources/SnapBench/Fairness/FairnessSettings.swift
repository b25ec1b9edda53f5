/// What a `snap-bench fairness` run plays.
public struct FairnessSettings: Sendable {
    /// Races to gather for each scenario and judging mode.
    public var races = 300
    /// Tables played at once for each scenario and judging mode.
    public var tables = 8
    /// The servers' speed factor: the table's own delays are divided by it (the judging window is not).
    public var speed = 20.0
    /// Seeds the scripted reactions and the proxies' jitter.
    public var seed: UInt64 = 1
    /// The servers' largest compensation (`snap serve --max-compensation`), in milliseconds.
    public var boundMilliseconds = 200
    /// The scenarios to play, in order.
    public var scenarios = FairnessScenario.all
    /// The longest one scenario may take before it is reported with the races it has.
    public var timeout = Duration.seconds(120)

    /// The default settings.
    public init() {}
}
