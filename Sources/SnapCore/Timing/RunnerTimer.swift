/// A timer on a ``TableRunner``'s timeline.
///
/// It stands outside the generic runner so that its type is known when compiled, not looked up while a table runs.
public enum RunnerTimer: Hashable, Sendable {
    /// The table's pending step.
    case table(TimedStep)
    /// A computer player's timer.
    case computer(ComputerTimer)
    /// The verdict on the calls being judged is due.
    case judge
    /// A quick round's time runs out.
    case roundClock
}

/// A timer that is set: when it is due, and the order it was set in (the earlier fires first at the same time).
struct RunnerTimerEntry: Hashable, Sendable {
    var deadline: Duration
    var order: Int
    var timer: RunnerTimer
}
