import Foundation
import Testing
@testable import SnapLocalization

/// Loading a catalogue and looking texts up in it, with arguments and plural forms.
@Suite struct CatalogueTests {
    @Test func everyLanguagesCatalogueLoadsFromTheResources() throws {
        for language in Language.allCases {
            let catalogue = try Catalogue.load(language)
            #expect(catalogue.language == language)
            #expect(catalogue.has("status.dealing"), "\(language)")
        }
    }

    @Test func textsAreLookedUpWithTheirArguments() throws {
        let english = try Catalogue.load(.english)
        #expect(english.text("status.playersTurn", ["name": "Lucy"]) == "Lucy's turn")
        #expect(english.text("status.mustPay.you") == "You must pay")
        #expect(english.text("join.refused.101", ["code": "KXPT"]).hasPrefix("There is no open table with the code KXPT."))
        #expect(try Catalogue.load(.german).text("status.playersTurn", ["name": "Lucy"]) == "Lucy ist dran")
        #expect(try Catalogue.load(.japanese).text("status.playersTurn", ["name": "Lucy"]) == "Lucyの番です")
    }

    @Test func pluralsPickTheLanguagesForm() throws {
        let english = try Catalogue.load(.english)
        #expect(english.text("table.cards", count: 1) == "1 card")
        #expect(english.text("table.cards", count: 0) == "0 cards")
        #expect(english.text("table.cards", count: 12) == "12 cards")
        let french = try Catalogue.load(.french)
        #expect(french.text("table.cards", count: 0) == "0 carte")
        #expect(french.text("table.cards", count: 2) == "2 cartes")
        #expect(try Catalogue.load(.japanese).text("table.cards", count: 1) == "1枚")
    }

    @Test func aMissingKeyOrArgumentShowsItself() {
        let catalogue = Catalogue(language: .english, entries: ["greeting": .text("Hello, {name}! {unclosed")])
        #expect(catalogue.text("nothing.here") == "nothing.here")
        #expect(catalogue.text("greeting") == "Hello, {name}! {unclosed")
        #expect(catalogue.text("greeting", ["name": "Ann"]) == "Hello, Ann! {unclosed")
    }

    @Test func aMissingPluralFormFallsBackToOther() {
        let catalogue = Catalogue(language: .german, entries: ["cards": .plural([.other: "{count} Karten"])])
        #expect(catalogue.text("cards", count: 1) == "1 Karten")
    }

    @Test func anEarlierPartWinsOverALaterOne() throws {
        let shared = try Catalogue(language: .english, json: Data(#"{"a": "shared", "b": "shared"}"#.utf8))
        let own = try Catalogue(language: .english, json: Data(#"{"b": "own", "c": "own"}"#.utf8))
        let merged = Catalogue(language: .english, entries: shared.entries.merging(own.entries) { earlier, _ in earlier })
        #expect(merged.text("b") == "shared")
        #expect(merged.text("c") == "own")
        #expect(Catalogue.Part(folder: "terminal").file(for: .german) == "terminal/de.json")
        #expect(Catalogue.Part.shared.file(for: .brazilianPortuguese) == "pt-BR.json")
        #expect(throws: CatalogueError.missingFile("nowhere/ja.json")) {
            try Catalogue.load(.japanese, parts: [.shared, Catalogue.Part(folder: "nowhere")])
        }
    }

    @Test func aFileThatIsNotFlatTextIsRefused() {
        #expect(throws: CatalogueError.malformed(file: "x.json", key: "n")) {
            try Catalogue(language: .english, json: Data(#"{"n": 3}"#.utf8), file: "x.json")
        }
        #expect(throws: CatalogueError.malformed(file: "x.json", key: "p")) {
            try Catalogue(language: .english, json: Data(#"{"p": {"several": "x"}}"#.utf8), file: "x.json")
        }
        #expect(throws: CatalogueError.malformed(file: "x.json", key: nil)) {
            try Catalogue(language: .english, json: Data("[1]".utf8), file: "x.json")
        }
    }

    @Test func placeholdersAreNamesInBraces() {
        #expect(Catalogue.placeholders(in: "{name} has {count} cards {name}") == ["name", "count"])
        #expect(Catalogue.placeholders(in: "no {placeholder here, {1x} {ok2}") == ["ok2"])
    }
}
