import Testing
import SnapCore

@Suite struct PlayerNameTests {
    @Test func namesAreTrimmed() throws {
        #expect(try PlayerName.validated("  Ann  ") == "Ann")
        #expect(try PlayerName.validated("Zoë 🃏") == "Zoë 🃏")
    }

    @Test func emptyLongAndControlNamesAreRefused() {
        #expect(throws: PlayerName.Problem.empty) { try PlayerName.validated("   ") }
        #expect(throws: PlayerName.Problem.empty) { try PlayerName.validated("") }
        #expect(throws: PlayerName.Problem.tooLong(21)) { try PlayerName.validated(String(repeating: "a", count: 21)) }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("A\u{7}B") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("A\u{200B}B") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("A\nB") }
        #expect(throws: PlayerName.Problem.reserved) { try PlayerName.validated(" you ") }
    }

    /// Each of these passed as a whole name once, and "NameHost" plus one of them could sit beside "NameHost".
    @Test(arguments: ["\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{034F}", "\u{17B4}", "\u{2060}", "\u{180E}"])
    func invisibleCharactersAreRefusedAloneAndInsideANames(invisible: String) {
        #expect(throws: (any Error).self) { try PlayerName.validated(invisible) }
        #expect(throws: (any Error).self) { try PlayerName.validated("NameHost" + invisible) }
        #expect(throws: (any Error).self) { try PlayerName.validated("Na" + invisible + "me") }
    }

    @Test func hangulFillerIsRefusedAsInvisible() {
        #expect(throws: PlayerName.Problem.invisibleCharacter) { try PlayerName.validated("Ann\u{3164}") }
    }

    @Test func emojiVariationSelectorsStayAllowed() throws {
        #expect(try PlayerName.validated("Jo ❤\u{FE0F}") == "Jo ❤\u{FE0F}")
    }

    @Test func twentyCharactersAreAllowed() throws {
        #expect(try PlayerName.validated(String(repeating: "é", count: 20)).count == 20)
    }

    // MARK: - Counting what a person sees

    /// A family emoji: four people joined by three zero-width joiners, seen as one character (25 bytes).
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"

    @Test func threeFamilyEmojiAreThreeCharacters() throws {
        let name = String(repeating: Self.family, count: 3)
        #expect(name.unicodeScalars.count == 21, "more code points than the limit")
        #expect(try PlayerName.validated(name) == name)
        #expect(try PlayerName.validated("Mo " + Self.family) == "Mo " + Self.family)
    }

    @Test func professionAndSkinToneEmojiAreAllowed() throws {
        // A firefighter (woman, zero-width joiner, fire engine) and a waving hand with a skin tone.
        let names = ["\u{1F469}\u{200D}\u{1F692} Sam", "Jo \u{1F44B}\u{1F3FD}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}"]
        for name in names {
            #expect(try PlayerName.validated(name) == name)
        }
    }

    @Test func elevenAccentedLettersWrittenWithCombiningMarksAreElevenCharacters() throws {
        // Each letter and its accents written apart: "e" and U+0301 for "é", "u", U+0308 and U+0304 for "ǖ"…
        let letters = ["e\u{301}", "l\u{327}", "o\u{308}", "i\u{302}", "s\u{30C}", "e\u{300}", "n\u{303}", "u\u{308}\u{304}", "a\u{30A}", "e\u{301}", "z\u{30C}"]
        let name = letters.joined()
        #expect(name.count == 11)
        #expect(name.unicodeScalars.count > PlayerName.maximumLength)
        #expect(try PlayerName.validated(name) == name)
        let twenty = String(repeating: "e\u{301}", count: 20)
        #expect(try PlayerName.validated(twenty) == twenty)
    }

    @Test func twentyOneVisibleCharactersAreRefused() {
        #expect(throws: PlayerName.Problem.tooLong(21)) {
            try PlayerName.validated(String(repeating: "e\u{301}", count: 21))
        }
        #expect(throws: PlayerName.Problem.tooLong(21)) { try PlayerName.validated(String(repeating: Self.family, count: 21)) }
        #expect(throws: PlayerName.Problem.tooLong(21)) { try PlayerName.validated(String(repeating: "🃏", count: 21)) }
    }

    @Test func aNameThatFitsInCharactersButNotOnTheWireIsRefusedByBytes() throws {
        let ten = String(repeating: Self.family, count: 10)
        #expect(try PlayerName.validated(ten) == ten, "10 family emoji: 250 bytes")
        let eleven = String(repeating: Self.family, count: 11)
        #expect(throws: PlayerName.Problem.tooManyBytes(275)) { try PlayerName.validated(eleven) }
    }

    @Test func aZeroWidthJoinerOutsideAnEmojiIsStillRefused() {
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("A\u{200D}B") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("Ann\u{200D}") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("\u{1F468}\u{200D}") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("1\u{200D}2") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("\u{1F468}\u{200D}\u{200D}\u{1F469}") }
    }

    @Test func controlAndInvisibleCharactersInsideEmojiAreStillRefused() {
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated(Self.family + "\u{7}") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("\u{1F468}\u{200B}\u{1F469}") }
        #expect(throws: (any Error).self) { try PlayerName.validated("\u{1F468}\u{2060}\u{1F469}") }
        #expect(throws: PlayerName.Problem.controlCharacter) { try PlayerName.validated("Ann\u{202E}") }
    }
}
