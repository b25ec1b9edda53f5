import Testing

@testable import SnapLAN

@Suite struct ServiceNameTests {
    @Test func aNameIsOneTo63BytesWithoutControlCharacters() throws {
        #expect(try ServiceName.validated("Kitchen table") == "Kitchen table")
        #expect(try ServiceName.validated(String(repeating: "é", count: 31)) == String(repeating: "é", count: 31))
        #expect(throws: ServiceNameError.empty) { try ServiceName.validated("") }
        #expect(throws: ServiceNameError.tooLong(bytes: 64)) { try ServiceName.validated(String(repeating: "é", count: 32)) }
        #expect(throws: ServiceNameError.controlCharacter) { try ServiceName.validated("a\tb") }
        #expect(throws: ServiceNameError.controlCharacter) { try ServiceName.validated("a\u{1B}b") }
    }

    @Test func aTakenNameIsNumberedAndCutToFit() {
        #expect(ServiceName.numbered("vm", attempt: 1) == "vm")
        #expect(ServiceName.numbered("vm", attempt: 2) == "vm (2)")
        #expect(ServiceName.numbered("vm", attempt: 12) == "vm (12)")
        let long = String(repeating: "é", count: 31)  // 62 bytes
        let numbered = ServiceName.numbered(long, attempt: 2)
        #expect(numbered.utf8.count <= 63)
        #expect(numbered == String(repeating: "é", count: 29) + " (2)", "cut at a whole character")
    }

    @Test func theDefaultIsTheHostNameUpToItsFirstDot() throws {
        let name = ServiceName.hostDefault
        #expect(try ServiceName.validated(name) == name)
        #expect(!name.contains("."))
    }
}
