/// What the host chooses for a table: how rounds end and how long a player has to turn.
public struct TableSettings: Hashable, Sendable {
    /// How a round ends.
    public var roundLength: RoundLength
    /// How long the active player has to turn before the table turns for them; nil: no turn timer.
    public var turnTime: Duration?

    /// How long the table waits for a player whose connection has dropped before turning for them.
    public static let absentTurnTime: Duration = .seconds(1)
    /// The turn timer RULES.md describes: 8 seconds.
    public static let standardTurnTime: Duration = .seconds(8)

    /// Settings; by default a classic round with no turn timer, as the original game.
    public init(roundLength: RoundLength = .classic, turnTime: Duration? = nil) {
        self.roundLength = roundLength
        self.turnTime = turnTime
    }
}
