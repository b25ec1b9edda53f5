import Foundation
import SnapLocalization
import Testing

@testable import SnapTerminal

/// The terminal's own catalogue part (`Catalogues/terminal/`) beside the shared one. That every language has
/// exactly the English keys, placeholders and plural forms is checked for every part by
/// SnapLocalizationTests' CatalogueCompletenessTests; here: what the terminal's part holds, and that every key the
/// terminal's code names is there.
@Suite struct TerminalCatalogueTests {
    static let terminalPart = Catalogue.Part(folder: "terminal")

    @Test(arguments: Language.allCases)
    func everyLanguageLoadsWithTheSharedTextsFirst(language: Language) throws {
        let texts = try TerminalTexts.load(language)
        let shared = try Catalogue.load(language, parts: [.shared])
        let own = try Catalogue.load(language, parts: [Self.terminalPart])
        #expect(texts.catalogue.entries.count == shared.entries.count + own.entries.count, "no key in both parts")
        #expect(texts.text("terminal.keys.help") != "terminal.keys.help")
    }

    @Test func theTerminalsOwnKeysAreAllPrefixed() throws {
        let own = try Catalogue.load(.english, parts: [Self.terminalPart])
        let unprefixed = own.entries.keys.filter { !$0.hasPrefix("terminal.") }.sorted()
        #expect(unprefixed.isEmpty, "keys without terminal.: \(unprefixed)")
    }

    /// Every catalogue key written in the terminal's sources (SnapTerminal and the snap commands) is in the English
    /// catalogue, shared or terminal; a key built from a prefix ("terminal.cue." + …) is checked through its uses.
    @Test func everyKeyTheCodeNamesExists() throws {
        let texts = TerminalTexts.english
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var missing = [String]()
        var found = 0
        for folder in ["Sources/SnapTerminal", "Sources/snap"] {
            let directory = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for key in Self.keys(in: source) {
                    found += 1
                    if !texts.catalogue.has(key) { missing.append("\(file): \(key)") }
                }
            }
        }
        #expect(found > 50, "the sources were read")
        #expect(missing.isEmpty, "\(missing)")
    }

    /// The movement cues' keys, built from "terminal.cue." and a name, each with its viewer's variant.
    @Test func everyCueHasItsViewersVariant() throws {
        let texts = TerminalTexts.english
        for cue in ["roundStarted", "recycled", "turnedUnder", "out", "left", "leftHandedOut", "roundWon", "paysOne",
                    "paysEach", "collects", "takesBack", "collectsAndTakesBack"] {
            #expect(texts.catalogue.has("terminal.cue." + cue) && texts.catalogue.has("terminal.cue.\(cue).you"), "\(cue)")
        }
        for difficulty in ["easy", "normal", "hard"] {
            #expect(texts.catalogue.has("terminal.difficulty." + difficulty))
        }
    }

    /// Quoted strings that look like whole catalogue keys: "status.next", "terminal.help.title".
    static func keys(in source: String) -> [String] {
        let prefixes = ["terminal.", "status.", "error.", "notice.", "connection.", "margin.", "table.", "lobby.", "tag.",
                        "bubble.", "player.", "length.", "round.", "watch.", "join.", "share.", "rounds."]
        var keys = [String]()
        for piece in source.components(separatedBy: "\"").enumerated() where piece.offset % 2 == 1 {
            let text = piece.element
            guard prefixes.contains(where: text.hasPrefix), !text.hasSuffix("."), !text.contains(" "),
                !text.contains("\\"), text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." })
            else { continue }
            keys.append(text)
        }
        return keys
    }
}
