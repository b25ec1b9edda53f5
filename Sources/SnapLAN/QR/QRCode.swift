/// A QR code: a square of dark and light modules, drawn as SVG for a page or as half-block characters for a
/// terminal. Made by ``QREncoder``.
public struct QRCode: Hashable, Sendable {
    /// The most bytes encoded (version 40 at level M holds 2,331; links are far shorter).
    public static let maximumBytes = 2_331

    /// Modules on a side (21 for version 1, 4 more for each version after it).
    public let size: Int
    /// Row by row, true for a dark module.
    public let modules: [Bool]

    /// A code of `size` × `size` modules, row by row.
    public init(size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "a QR code is square")
        self.size = size
        self.modules = modules
    }

    /// `text` as a QR code, made by the system's library.
    ///
    /// - Throws: ``QRCodeError/libraryMissing`` where libqrencode is not installed.
    public static func encoding(_ text: String) throws(QRCodeError) -> QRCode {
        guard let encoder = QREncoder.shared else { throw .libraryMissing }
        return try encoder.encode(text)
    }

    /// Whether the module in column `x`, row `y` is dark; outside the code (the quiet zone) everything is light.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The code as an SVG picture: dark modules on white with a quiet zone of four modules, `pixelsPerModule`
    /// being its natural size (it scales crisply to any). `title` is what a screen reader says.
    public func svg(title: String, pixelsPerModule: Int = 8) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size, self[x, y] { x += 1 }
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        let pixels = side * pixelsPerModule
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(pixels)" height="\(pixels)" \
            shape-rendering="crispEdges" role="img"><title>\(Self.escapedForXML(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }

    /// The code as lines of half-block characters, two rows of modules to a line, with a quiet zone of
    /// `quietZone` modules. With `colour` each line is black on bright white whatever the terminal's own colours,
    /// so that a phone reads it on a dark terminal too; without it a dark module is a drawn half (▀ ▄ █), which
    /// only reads as a code where the terminal draws dark on light.
    public func halfBlockLines(quietZone: Int = 2, colour: Bool) -> [String] {
        let range = -quietZone..<(size + quietZone)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { y in
            let cells = range.map { x in
                switch (self[x, y], self[x, y + 1] && y + 1 < range.upperBound) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }.joined()
            return colour ? "\u{1B}[30;107m\(cells)\u{1B}[0m" : cells
        }
    }

    /// The quiet zone of the SVG picture: the four modules the standard asks for.
    static let quietZone = 4

    private static func escapedForXML(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }
}
