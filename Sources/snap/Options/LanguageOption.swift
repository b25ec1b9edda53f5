import ArgumentParser
import Foundation
import SnapLocalization
import SnapTerminal

/// `--lang`: the language the game speaks in this terminal (`solo`, `host`, `join`, `watch`, `replay`); without it,
/// the terminal's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`).
struct LanguageOption: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "The language of the game: \(LanguageOption.choices). Default: from LC_ALL, LC_MESSAGES or LANG, else English.",
            valueName: "tag"))
    var tag: String?

    /// The seven tags, as the help and the error list them.
    static let choices = Language.allCases.map(\.tag).joined(separator: ", ")

    func validate() throws {
        if let tag, Language(matching: tag) == nil {
            throw ValidationError("--lang: Snap! speaks \(Self.choices); got '\(tag)'.")
        }
    }

    /// The language asked for, else the terminal's.
    var language: Language {
        tag.flatMap(Language.init(matching:)) ?? Language.preferred(fromEnvironment: ProcessInfo.processInfo.environment)
    }

    /// The game's words in ``language``.
    func texts() throws -> TerminalTexts {
        do {
            return try TerminalTexts.load(language)
        } catch {
            throw ValidationError("The \(language.tag) texts could not be read (\(error)); this snap was not installed whole.")
        }
    }
}
