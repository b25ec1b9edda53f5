/// A canvas seen through the 80×24 frame at an offset, so the layout can use frame coordinates.
struct ScreenFrame {
    var canvas: Canvas
    let left: Int
    let top: Int
    let colour: Bool

    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        canvas.put(text, row: top + row, column: left + column, style: style) - left
    }

    mutating func put(_ text: String, row: Int, centredOn centre: Int, style: CellStyle = .plain) {
        canvas.put(text, row: top + row, centredOn: left + centre, style: style)
    }

    mutating func put(_ text: String, row: Int, endingAt column: Int, style: CellStyle = .plain) {
        canvas.put(text, row: top + row, endingAt: left + column, style: style)
    }

    mutating func fill(row: Int, column: Int, width: Int, height: Int, style: CellStyle) {
        canvas.fill(row: top + row, column: left + column, width: width, height: height, style: style)
    }

    mutating func box(row: Int, column: Int, width: Int, height: Int, style: CellStyle) {
        canvas.box(row: top + row, column: left + column, width: width, height: height, style: style)
    }
}
