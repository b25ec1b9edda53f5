/// How a table ranks calls of "Snap!" made on the same card.
public enum JudgingRule: Hashable, Sendable {
    /// In the order the calls reach the table, as the original game did: whoever sits nearest wins a close call.
    case arrival
    /// By each caller's reaction time — from the card reaching their screen to the press — with each call's
    /// network time taken off, never more than `maximumCompensation`.
    case reaction(maximumCompensation: Duration)

    /// The most network time taken off a call: enough for a phone 80 ms away with ±20 ms of jitter
    /// (a round trip of up to 200 ms), and the most a lying client can gain (docs/FAIRNESS.md).
    public static let standardCompensation: Duration = .milliseconds(200)

    /// The fastest reaction a person is credited with before a call is a false start (RULES.md): World Athletics
    /// counts a start under 0.100 s after the gun as one.
    public static let standardFalseStart: Duration = .milliseconds(100)

    /// Reaction-time judging with the standard bound.
    public static let standard = JudgingRule.reaction(maximumCompensation: standardCompensation)

    /// The most network time taken off a call (zero when judging by arrival).
    public var maximumCompensation: Duration {
        switch self {
        case .arrival: .zero
        case .reaction(let bound): bound
        }
    }
}
