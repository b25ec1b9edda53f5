/// A series as a line of block characters, low to high: `▁▂▃▅▇█`.
enum Sparkline {
    private static let blocks = Array("▁▂▃▄▅▆▇█")

    /// `values` scaled from their lowest to their highest, at most `width` characters wide (a longer series is
    /// shown by the largest value of each stretch, so a peak is never averaged away).
    static func render(_ values: [Double], width: Int = 60) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let shown: [Double]
        if values.count > width {
            shown = (0..<width).map { column in
                let from = column * values.count / width
                let to = max(from + 1, (column + 1) * values.count / width)
                return values[from..<to].max() ?? low
            }
        } else {
            shown = values
        }
        let span = high - low
        return String(
            shown.map { value in
                span > 0
                    ? blocks[min(blocks.count - 1, Int((value - low) / span * Double(blocks.count - 1) + 0.5))]
                    : blocks[0]
            })
    }
}
