import Testing

@testable import SnapTerminal

@Suite struct KeyTests {
    private func keys(_ text: String) -> [Key] { Key.parse(Array(text.utf8)) }

    @Test func enterIsCarriageReturnOrLineFeed() {
        #expect(Key.parse([13]) == [.enter])
        #expect(Key.parse([10]) == [.enter])
        #expect(Key.parse([13, 10]) == [.enter])
        #expect(Key.parse([13, 13]) == [.enter, .enter])
    }

    @Test func spaceAndLetters() {
        #expect(
            keys(" ts?qyn") == [
                .space, .character("t"), .character("s"), .character("?"), .character("q"), .character("y"),
                .character("n"),
            ])
    }

    @Test func controlKeys() {
        #expect(Key.parse([3]) == [.interrupt])
        #expect(Key.parse([4]) == [.endOfInput])
        #expect(Key.parse([12]) == [.redraw])
        #expect(Key.parse([9, 127, 8]) == [.other, .backspace, .backspace])
    }

    @Test func loneEscapeIsEscape() {
        #expect(Key.parse([27]) == [.escape])
        #expect(Key.parse([27, 27]) == [.escape, .escape])
    }

    @Test func escapeSequencesAreOneKey() {
        #expect(keys("\u{1B}[A") == [.up])
        #expect(keys("\u{1B}OB\u{1B}[C") == [.down, .right])
        #expect(keys("\u{1B}[D\u{1B}OC") == [.left, .right])
        #expect(keys("\u{1B}[1;5C") == [.other])
        #expect(keys("\u{1B}OP") == [.other])
        #expect(keys("\u{1B}[Bq") == [.down, .character("q")])
        #expect(keys("\u{1B}[") == [.other])
    }

    @Test func utf8CharactersAreOneKey() {
        #expect(keys("é") == [.character("é")])
        #expect(keys("♥ ") == [.character("♥"), .space])
        #expect(Key.parse([0xC3]) == [.other])
    }
}
