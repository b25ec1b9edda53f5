import Testing

@testable import SnapTerminal

@Suite struct CanvasTests {
    @Test func plainLinesDropTrailingBlanks() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("ab", row: 0, column: 3)
        #expect(canvas.lines(colour: false) == ["   ab", ""])
    }

    @Test func drawingIsClippedToTheCanvas() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("abcdefgh", row: 0, column: 2)
        canvas.put("zz", row: 3, column: 0)
        canvas.put("xy", row: 0, column: -1)
        #expect(canvas.lines(colour: false) == ["y abc"])
    }

    @Test func wideCharactersTakeTwoColumns() {
        var canvas = Canvas(width: 8, height: 1)
        let end = canvas.put("名前x", row: 0, column: 0)
        #expect(end == 5)
        #expect(canvas.lines(colour: false) == ["名前x"])
        canvas.put("!", row: 0, column: 1)
        #expect(canvas.lines(colour: false) == [" !前x"], "overwriting half a wide character blanks the rest")
        #expect("名前x".terminalWidth == 5)
        #expect("10♥".terminalWidth == 3)
    }

    @Test func colourLinesSwitchStylesAndReset() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("A", row: 0, column: 0, style: CellStyle.plain.fg(.red).bolded)
        canvas.put("B", row: 0, column: 1)
        #expect(canvas.lines(colour: true) == ["\u{1B}[0;1;31mA\u{1B}[0mB"])
        #expect(canvas.lines(colour: true)[0].terminalWidthIgnoringEscapes == 2)
    }

    @Test func colouredBlanksAtTheEndAreKept() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.fill(row: 0, column: 0, width: 4, height: 1, style: CellStyle.plain.bg(.green))
        #expect(canvas.lines(colour: true) == ["\u{1B}[0;42m    \u{1B}[0m"])
        #expect(canvas.lines(colour: false) == [""])
    }

    @Test func truncatesWithAnEllipsis() {
        #expect("Maximilian".truncated(toWidth: 6) == "Maxim…")
        #expect("Max".truncated(toWidth: 6) == "Max")
    }
}
