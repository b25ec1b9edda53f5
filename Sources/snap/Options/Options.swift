import ArgumentParser
import SnapCore

extension Difficulty: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Options shared by the commands that run a game.
struct GameOptions: ParsableArguments {
    @Option(help: "The seed for shuffling and the computer players; the same seed replays the same game.")
    var seed: UInt64?

    @Option(help: "How fast the computer players are: easy, normal or hard.")
    var difficulty: Difficulty = .normal

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

/// Validates `--name` by the server's rule, and states the rule when refusing it.
func validateName(_ name: String) throws {
    let rule = "--name must be 1–\(PlayerName.maximumLength) visible characters"
    do {
        _ = try PlayerName.validated(name)
    } catch .empty {
        throw ValidationError("\(rule); '\(name)' has none.")
    } catch .tooLong(let count) {
        throw ValidationError("\(rule); this one has \(count).")
    } catch .controlCharacter {
        throw ValidationError("\(rule), with no control characters.")
    } catch .invisibleCharacter {
        throw ValidationError("\(rule), with no invisible characters.")
    } catch .reserved {
        throw ValidationError("--name cannot be \"You\": that is how everyone sees themselves at the table.")
    }
}
