import ArgumentParser
import Foundation
import SnapCore
import SnapStore

// What the bench's commands share with snap's own, in the same words: snap's command-line target is not a
// library either can import.

extension Difficulty: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// How a server ranks calls of "Snap!", as `--judging` names it.
enum JudgingMode: String, CaseIterable, ExpressibleByArgument {
    /// By reaction time, each player's network taken off (the default).
    case reaction
    /// In arrival order, as the original game did (for comparison).
    case arrival
}

/// The judging options of a bench that runs a server in its own process.
struct JudgingOptions: ParsableArguments {
    @Option(help: "How Snap! calls are ranked: reaction (the fastest reaction wins, whatever each player's network) or arrival (the first call to reach the server wins, as in the original game).")
    var judging: JudgingMode = .reaction

    @Option(help: "With --judging reaction: the most network time, in milliseconds, taken off a call (0–1000). The most a lying client can gain, and the longest a verdict waits.")
    var maxCompensation = Int((JudgingRule.standardCompensation.inSeconds * 1000).rounded())

    func validate() throws {
        guard (0...1_000).contains(maxCompensation) else {
            throw ValidationError("--max-compensation must be between 0 and 1000 milliseconds; got \(maxCompensation).")
        }
    }

    /// The rule the options describe.
    var rule: JudgingRule {
        switch judging {
        case .arrival: .arrival
        case .reaction: .reaction(maximumCompensation: .milliseconds(maxCompensation))
        }
    }
}

/// Validates a speed factor: a positive, finite number.
func validateSpeed(_ speed: Double) throws {
    guard speed.isFinite, speed > 0, speed <= 1000 else {
        throw ValidationError("--speed must be a number above 0 and at most 1000 (1 is normal, 2 twice as fast); got \(speed).")
    }
}

/// Validates a port: 1–65535, or 0 as well (a free one) where `allowingAnyFree`.
func validatePort(_ port: Int, allowingAnyFree: Bool) throws {
    let lowest = allowingAnyFree ? 0 : 1
    guard (lowest...65_535).contains(port) else {
        throw ValidationError("--port must be between \(lowest) and 65535; got \(port).")
    }
}

/// One line of JSON with snake_case keys in sorted order: what `--json` prints.
func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// A store that could not be opened: printed as one line, and the command exits.
struct StoreFailure: Error, CustomStringConvertible {
    let error: StoreError

    var description: String { "Cannot keep rounds: \(error.description)" }
}
