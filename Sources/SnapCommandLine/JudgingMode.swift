import ArgumentParser

/// How a server ranks calls of "Snap!", as `--judging` names it.
public enum JudgingMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// By reaction time, each player's network taken off (the default).
    case reaction
    /// In arrival order, as the original game did (for comparison).
    case arrival
}
