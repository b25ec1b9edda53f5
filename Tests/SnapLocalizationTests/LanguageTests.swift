import Testing
import SnapLocalization

/// Which language a player gets: the seven by their tags, from a browser's or a terminal's preferences.
@Suite struct LanguageTests {
    @Test func theSevenLanguagesHaveTheirTagsAndNativeNames() {
        #expect(Language.allCases.map(\.tag) == ["en", "nl", "de", "fr", "es", "pt-BR", "ja"])
        #expect(Language.allCases.map(\.nativeName) == [
            "English", "Nederlands", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語",
        ])
    }

    @Test(arguments: [
        ("de", Language.german), ("de-AT", .german), ("DE-ch", .german), ("de_DE.UTF-8", .german), ("pt-BR", .brazilianPortuguese),
        ("pt", .brazilianPortuguese), ("pt_PT", .brazilianPortuguese), ("ja_JP.UTF-8", .japanese), ("nl_BE@euro", .dutch),
        ("en-US", .english), ("fr-CA", .french), ("es-419", .spanish),
    ])
    func aTagOrLocaleNameMatchesItsLanguage(tag: String, language: Language) {
        #expect(Language(matching: tag) == language)
    }

    @Test(arguments: ["", "C", "POSIX", "C.UTF-8", "zh-CN", "it", "*"])
    func aLanguageWeDoNotSpeakMatchesNothing(tag: String) {
        #expect(Language(matching: tag) == nil)
    }

    @Test func theFirstPreferredLanguageWeSpeakWinsElseEnglish() {
        #expect(Language.preferred(from: ["it-IT", "fr-FR", "de"]) == .french)
        #expect(Language.preferred(from: ["zh", "ko"]) == .english)
        #expect(Language.preferred(from: []) == .english)
    }

    @Test func acceptLanguageIsReadByQuality() {
        #expect(Language.preferred(fromAcceptLanguage: "de-CH, de;q=0.9, en;q=0.8") == .german)
        #expect(Language.preferred(fromAcceptLanguage: "en;q=0.5, ja;q=0.9, zh") == .japanese)
        #expect(Language.preferred(fromAcceptLanguage: "it, nl;q=0") == .english, "q=0 means not this one")
        #expect(Language.preferred(fromAcceptLanguage: "*") == .english)
        #expect(Language.preferred(fromAcceptLanguage: "") == .english)
    }

    @Test func aTerminalsLocaleIsReadAsPOSIXOrdersIt() {
        #expect(Language.preferred(fromEnvironment: ["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.preferred(fromEnvironment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .japanese)
        #expect(Language.preferred(fromEnvironment: ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "ja_JP"]) == .french)
        #expect(Language.preferred(fromEnvironment: ["LANG": "C.UTF-8"]) == .english)
        #expect(Language.preferred(fromEnvironment: ["LC_ALL": "", "LANG": "nl_NL.UTF-8"]) == .dutch, "an empty one is unset")
        #expect(Language.preferred(fromEnvironment: [:]) == .english)
    }

    @Test func pluralFormsFollowEachLanguagesRules() {
        #expect([0, 1, 2].map(Language.english.pluralCategory(for:)) == [.other, .one, .other])
        #expect([0, 1, 2].map(Language.german.pluralCategory(for:)) == [.other, .one, .other])
        #expect([0, 1, 2].map(Language.spanish.pluralCategory(for:)) == [.other, .one, .other])
        #expect([0, 1, 2].map(Language.french.pluralCategory(for:)) == [.one, .one, .other])
        #expect([0, 1, 2].map(Language.brazilianPortuguese.pluralCategory(for:)) == [.one, .one, .other])
        #expect([0, 1, 2].map(Language.japanese.pluralCategory(for:)) == [.other, .other, .other])
        #expect(Language.japanese.pluralCategories == [.other])
        #expect(Language.dutch.pluralCategories == [.one, .other])
    }
}
