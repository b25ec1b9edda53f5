/// How quickly computer players act, and how often they call "Snap!" when there is no match.
public enum Difficulty: String, CaseIterable, Sendable, Hashable, Codable {
    /// Slower computer players, more prone to false calls.
    case easy
    /// The computer players of RULES.md: 0.5–2.5 s to turn or call, a false call 1 time in 51.
    case normal
    /// Faster computer players who rarely call wrongly.
    case hard

    /// How long a computer player takes to turn its card once active, in seconds (uniform).
    public var turnDelay: ClosedRange<Double> {
        switch self {
        case .easy: 1.0...3.0
        case .normal: 0.5...2.5
        case .hard: 0.3...1.2
        }
    }

    /// How long a computer player takes to call "Snap!" after a card is turned, in seconds (uniform).
    public var callDelay: ClosedRange<Double> {
        switch self {
        case .easy: 1.0...3.5
        case .normal: 0.5...2.5
        case .hard: 0.25...1.0
        }
    }

    /// After a card that makes no match, computer players call anyway with a chance of 1 in this.
    public var falseCallOdds: Int {
        switch self {
        case .easy: 25
        case .normal: 51
        case .hard: 101
        }
    }
}
