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

    @Test func twentyCharactersAreAllowed() throws {
        #expect(try PlayerName.validated(String(repeating: "é", count: 20)).count == 20)
    }
}
