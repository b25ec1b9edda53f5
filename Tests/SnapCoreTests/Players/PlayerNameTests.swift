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
}
