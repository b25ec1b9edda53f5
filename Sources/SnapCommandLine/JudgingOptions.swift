import ArgumentParser
import SnapCore

/// The judging options of the commands that run a server (`serve`, `host`, and the benches that start one).
public struct JudgingOptions: ParsableArguments {
    @Option(help: "How Snap! calls are ranked: reaction (the fastest reaction wins, whatever each player's network) or arrival (the first call to reach the server wins, as in the original game).")
    public var judging: JudgingMode = .reaction

    @Option(help: "With --judging reaction: the most network time, in milliseconds, taken off a call (0–1000). The most a lying client can gain, and the longest a verdict waits.")
    public var maxCompensation = Int((JudgingRule.standardCompensation.inSeconds * 1000).rounded())

    @Option(help: "With --judging reaction: a call on a match credited with a faster reaction than this, in milliseconds from when the match first stood, is a false start: the caller pays as for a wrong call (0–300; 0 turns false starts off).")
    public var falseStartMs = Int((JudgingRule.standardFalseStart.inSeconds * 1000).rounded())

    public init() {}

    public func validate() throws {
        guard (0...1_000).contains(maxCompensation) else {
            throw ValidationError("--max-compensation must be between 0 and 1000 milliseconds; got \(maxCompensation).")
        }
        guard (0...300).contains(falseStartMs) else {
            throw ValidationError(
                "--false-start-ms must be between 0 and 300 milliseconds (0 turns false starts off); got \(falseStartMs).")
        }
    }

    /// The false start's floor the options describe (zero: none).
    public var falseStartFloor: Duration { .milliseconds(falseStartMs) }

    /// The rule the options describe.
    public var rule: JudgingRule {
        switch judging {
        case .arrival: .arrival
        case .reaction: .reaction(maximumCompensation: .milliseconds(maxCompensation))
        }
    }
}
