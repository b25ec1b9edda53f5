import SnapProtocol
import Testing

/// Hex text as `snap decode` reads it.
@Suite struct HexTests {
    @Test func readsDigitsWithOrWithoutSpaces() throws {
        #expect(try Hex.bytes("534E4150") == Array("SNAP".utf8))
        #expect(try Hex.bytes("53 4e 41\t50\n") == Array("SNAP".utf8))
        #expect(try Hex.bytes("") == [])
    }

    @Test func refusesAnOddNumberOfDigits() {
        #expect(throws: Hex.Problem.oddDigitCount(3)) { try Hex.bytes("53 4") }
    }

    @Test func refusesCharactersThatAreNotHexDigits() {
        #expect(throws: Hex.Problem.notAHexDigit("G", position: 3)) { try Hex.bytes("53G0") }
        #expect(throws: Hex.Problem.notAHexDigit("x", position: 2)) { try Hex.bytes("0x53") }
        #expect(throws: Hex.Problem.notAHexDigit("１", position: 1)) { try Hex.bytes("１2") }
    }

    @Test func writesUpperCaseDigits() {
        #expect(Hex.string([0x53, 0x0A, 0xFF]) == "530AFF")
        #expect(Hex.string([0x53, 0x0A], separator: " ") == "53 0A")
    }
}
