/// One thing that happened to a table's runner during a round, in the order it happened.
public enum RoundStep: Hashable, Sendable {
    /// An action performed at the runner's current time (a person's, or the server's on their behalf).
    case perform(TableAction)
    /// The timeline moved to this time (from the start of the round), firing the timers due by then.
    case advance(to: Duration)
    /// The players' network allowances changed to these.
    case allowances([Seat: NetworkAllowance])
}

/// A whole round as it can be replayed: where it started from and every step after, the first being the
/// action that started it.
public struct RoundLog: Hashable, Sendable {
    public var start: RoundStart
    public var steps: [RoundStep]

    public init(start: RoundStart, steps: [RoundStep]) {
        self.start = start
        self.steps = steps
    }

    /// How many actions the log holds.
    public var actionCount: Int {
        steps.count { if case .perform = $0 { true } else { false } }
    }
}
