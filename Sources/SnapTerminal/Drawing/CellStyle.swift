/// How a character cell looks: colours and attributes, turned into an ANSI SGR sequence.
struct CellStyle: Hashable {
    /// The eight basic ANSI colours, by their SGR offset.
    enum Colour: UInt8 {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    var foreground: Colour?
    var background: Colour?
    var bold = false
    var dim = false
    var inverse = false

    /// The terminal's default look.
    static let plain = CellStyle()

    /// This style with another foreground colour.
    func fg(_ colour: Colour?) -> CellStyle {
        var style = self
        style.foreground = colour
        return style
    }

    /// This style with another background colour.
    func bg(_ colour: Colour?) -> CellStyle {
        var style = self
        style.background = colour
        return style
    }

    /// This style in bold.
    var bolded: CellStyle {
        var style = self
        style.bold = true
        return style
    }

    /// This style dimmed.
    var dimmed: CellStyle {
        var style = self
        style.dim = true
        return style
    }

    /// This style with foreground and background swapped.
    var inverted: CellStyle {
        var style = self
        style.inverse = true
        return style
    }

    /// Whether a space in this style looks like a plain blank, so it can be left out at the end of a line.
    var isInvisibleOnBlank: Bool { background == nil && !inverse }

    /// The SGR sequence that sets exactly this style, starting from a reset.
    var escape: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if inverse { codes.append("7") }
        if let foreground { codes.append(String(30 + foreground.rawValue)) }
        if let background { codes.append(String(40 + background.rawValue)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
