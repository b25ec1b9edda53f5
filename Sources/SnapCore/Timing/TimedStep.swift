/// A step the table takes by itself after a delay; whoever runs the table keeps the clock.
public enum TimedStep: Hashable, Sendable {
    /// The deal animation is over: the starting player is activated.
    case finishDeal
    /// Half a second after a card was turned: the next player is activated.
    case activateNext
    /// The verdict has been shown: the cards move.
    case moveCards
    /// The cards have moved: play goes on (or the round ends).
    case resume
    /// The active player's time to turn is up: the table turns their card for them.
    case turnForPlayer
}

/// The timed step the table is waiting for and how long after the last action it is due (at speed 1).
public struct PendingStep: Hashable, Sendable {
    /// The step to take.
    public var step: TimedStep
    /// How long after the action that set it up the step is due.
    public var delay: Duration
}

/// The table's delays at normal speed.
public struct TableTiming: Hashable, Sendable {
    /// How long the deal animation lasts.
    public var deal: Duration = .milliseconds(2_000)
    /// From a turned card to the next player's activation.
    public var nextPlayer: Duration = .milliseconds(500)
    /// How long a verdict is shown before the cards move.
    public var showVerdict: Duration = .milliseconds(1_000)
    /// How long after the cards moved play resumes.
    public var afterMove: Duration = .milliseconds(1_000)

    /// The delays RULES.md describes.
    public static let standard = TableTiming()

    /// Creates the standard timing.
    public init() {}

    /// The delay before `step`.
    public func delay(before step: TimedStep) -> Duration {
        switch step {
        case .finishDeal: deal
        case .activateNext: nextPlayer
        case .moveCards: showVerdict
        case .resume: afterMove
        // Set by the table's settings, not by its timing (see Table.setPending).
        case .turnForPlayer: TableSettings.standardTurnTime
        }
    }
}
