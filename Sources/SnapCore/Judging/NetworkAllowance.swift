/// How much of the time between showing a card and receiving a call can be one player's network.
///
/// Whoever runs the table measures it (the server from its own pings); players at the same machine as the
/// table — computer players, a terminal player playing alone — have none.
public struct NetworkAllowance: Hashable, Sendable {
    /// The round trip to expect: taken off the elapsed time of a call that claims no reaction time.
    public var typical: Duration
    /// The longest round trip to allow for: a claimed reaction is never credited with more network time.
    public var most: Duration

    /// An allowance; `most` is raised to `typical` if it is below it.
    public init(typical: Duration, most: Duration) {
        self.typical = max(.zero, typical)
        self.most = max(self.typical, most)
    }

    /// No network at all: an in-process player.
    public static let none = NetworkAllowance(typical: .zero, most: .zero)
}
