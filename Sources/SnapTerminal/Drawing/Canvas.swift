/// A grid of styled character cells that a frame is drawn on, then turned into terminal lines.
///
/// Drawing outside the grid is clipped, so a layout never produces lines wider than the terminal.
struct Canvas {
    /// One character cell. `character` is nil in the second cell of a double-width character.
    struct Cell: Equatable {
        var character: Character?
        var style: CellStyle
    }

    /// The number of columns.
    let width: Int
    /// The number of rows.
    let height: Int
    private var cells: [[Cell]]

    /// A blank canvas.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(
            repeating: Array(repeating: Cell(character: " ", style: .plain), count: self.width),
            count: self.height
        )
    }

    /// Writes `text` starting at `column` of `row`; returns the column after the last cell written.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        var x = column
        for character in text {
            let width = character.terminalWidth
            if width == 0 { continue }
            set(row: row, column: x, Cell(character: character, style: style))
            if width == 2 { set(row: row, column: x + 1, Cell(character: nil, style: style)) }
            x += width
        }
        return x
    }

    /// Writes `text` centred on `centre`.
    mutating func put(_ text: String, row: Int, centredOn centre: Int, style: CellStyle = .plain) {
        put(text, row: row, column: centre - text.terminalWidth / 2, style: style)
    }

    /// Writes `text` so that its last cell is at `column`.
    mutating func put(_ text: String, row: Int, endingAt column: Int, style: CellStyle = .plain) {
        put(text, row: row, column: column - text.terminalWidth + 1, style: style)
    }

    /// Fills a rectangle with spaces in `style`.
    mutating func fill(row: Int, column: Int, width: Int, height: Int, style: CellStyle = .plain) {
        for y in row..<(row + max(0, height)) {
            for x in column..<(column + max(0, width)) {
                set(row: y, column: x, Cell(character: " ", style: style))
            }
        }
    }

    /// Draws a box with rounded corners, filled with spaces inside.
    mutating func box(row: Int, column: Int, width: Int, height: Int, style: CellStyle = .plain) {
        guard width >= 2, height >= 2 else { return }
        fill(row: row, column: column, width: width, height: height, style: style)
        let bar = String(repeating: "─", count: width - 2)
        put("╭" + bar + "╮", row: row, column: column, style: style)
        put("╰" + bar + "╯", row: row + height - 1, column: column, style: style)
        for y in (row + 1)..<(row + height - 1) {
            put("│", row: y, column: column, style: style)
            put("│", row: y, column: column + width - 1, style: style)
        }
    }

    /// The rows as text: with ANSI styles when `colour` is on, plain otherwise; trailing blanks removed.
    func lines(colour: Bool) -> [String] {
        cells.map { row in
            var end = row.count
            while end > 0, row[end - 1].character == " ", !colour || row[end - 1].style.isInvisibleOnBlank {
                end -= 1
            }
            var line = ""
            var current = CellStyle.plain
            for cell in row[..<end] {
                guard let character = cell.character else { continue }
                if colour, cell.style != current {
                    line += cell.style.escape
                    current = cell.style
                }
                line.append(character)
            }
            if colour, current != .plain { line += CellStyle.plain.escape }
            return line
        }
    }

    private mutating func set(row: Int, column: Int, _ cell: Cell) {
        guard (0..<height).contains(row), (0..<width).contains(column) else { return }
        // Overwriting half of a double-width character blanks its other half.
        if cells[row][column].character == nil, column > 0 {
            cells[row][column - 1].character = " "
        }
        if cells[row][column].character?.terminalWidth == 2, column + 1 < width {
            cells[row][column + 1].character = " "
        }
        cells[row][column] = cell
    }
}
