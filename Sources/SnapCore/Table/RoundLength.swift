/// How a round ends.
public enum RoundLength: Hashable, Sendable {
    /// When one player holds all 52 cards (the original game).
    case classic
    /// Also when the time is up, counted from the end of the deal: then the player holding the most cards wins;
    /// if several tie for most, play goes on until the next correct call (sudden death).
    case quick(Duration)

    /// The time limits a host may choose: 3, 5 or 10 minutes.
    public static let quickChoices: [Duration] = [.seconds(180), .seconds(300), .seconds(600)]

    /// A quick round of 5 minutes.
    public static let standardQuick = RoundLength.quick(.seconds(300))

    /// The time limit, if any.
    public var timeLimit: Duration? {
        switch self {
        case .classic: nil
        case .quick(let limit): limit
        }
    }
}
