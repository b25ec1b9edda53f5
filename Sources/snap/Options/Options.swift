import ArgumentParser
import SnapCommandLine
import SnapCore

/// Options shared by the commands that run a game.
struct GameOptions: ParsableArguments {
    @Option(help: "The seed for shuffling and the computer players; the same seed replays the same game.")
    var seed: UInt64?

    @Option(help: "How fast the computer players are: easy, normal or hard.")
    var difficulty: Difficulty = .normal

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
