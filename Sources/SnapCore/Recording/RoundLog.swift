/// One thing that happened to a table's runner during a round, in the order it happened.
public enum RoundStep: Hashable, Sendable {
    /// An action performed at the runner's current time (a person's, or the server's on their behalf).
    case perform(TableAction)
    /// The timeline moved to this time (from the start of the round), firing the timers due by then.
    case advance(to: Duration)
    /// The players' network allowances changed to these.
    case allowances([Seat: NetworkAllowance])
}

/// Where a ``RoundRecorder`` keeps a round's steps as they come: ``RoundLog`` keeps them as values; a server
/// keeps them as compact bytes (SnapProtocol's `EncodedRoundLog`), a few kilobytes a round.
public protocol RoundLogBuilder: Sendable {
    /// A log of the round that starts from `start`, with no steps yet.
    init(start: RoundStart)
    /// The round's start.
    var start: RoundStart { get }
    /// Adds a step at the end.
    mutating func append(_ step: RoundStep)
    /// Replaces the last step, which is a move of the timeline, with `step`, another one.
    mutating func replaceLastAdvance(with step: RoundStep)
    /// How many steps have been written.
    var stepCount: Int { get }
    /// How many of them are actions.
    var actionCount: Int { get }
}

/// A whole round as it can be replayed: where it started from and every step after, the first being the
/// action that started it.
public struct RoundLog: Hashable, Sendable {
    /// Where the round started from.
    public var start: RoundStart
    /// Every step after that, in order: actions and moves of the timeline.
    public var steps: [RoundStep]

    /// A log of the round from `start` with these `steps`.
    public init(start: RoundStart, steps: [RoundStep]) {
        self.start = start
        self.steps = steps
    }

    /// How many actions the log holds.
    public var actionCount: Int {
        steps.count { if case .perform = $0 { true } else { false } }
    }
}

extension RoundLog: RoundLogBuilder {
    /// An empty log of the round from `start`.
    public init(start: RoundStart) {
        self.init(start: start, steps: [])
    }

    /// Adds `step` at the end.
    public mutating func append(_ step: RoundStep) {
        steps.append(step)
    }

    /// Replaces the last step, a move of the timeline, with `step`.
    public mutating func replaceLastAdvance(with step: RoundStep) {
        steps[steps.count - 1] = step
    }

    /// How many steps the log holds.
    public var stepCount: Int { steps.count }
}
