import Foundation
import SnapBench
import SnapCore

/// The soak's samples as an SVG picture: resident memory, descriptors, tables and connections over time, one
/// panel each, with the end of the warm-up marked.
enum SoakChart {
    private static let width = 720.0
    private static let panelHeight = 120.0
    private static let left = 70.0
    private static let right = 20.0
    private static let gap = 36.0

    /// The SVG document.
    static func render(_ report: SoakReport) -> String {
        let samples = report.samples
        let series: [(String, [Double], String)] = [
            ("Resident memory (MiB)", samples.map { Double($0.rssBytes) / 1_048_576 }, "#c0392b"),
            ("Open file descriptors", samples.map { Double($0.descriptors) }, "#2c3e50"),
            ("Tables", samples.map { Double($0.tables) }, "#27ae60"),
            ("Connections", samples.map { Double($0.connections) }, "#2980b9"),
        ]
        let height = gap + Double(series.count) * (panelHeight + gap)
        let end = max(samples.last?.seconds ?? 1, 1)
        let warmUp = report.settings.effectiveWarmUp.inSeconds
        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" font-family="sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            #"<text x="\#(left)" y="18" font-size="14">Chaos soak, \#(Int(report.durationSeconds)) s: \#(report.passed ? "passed" : "FAILED") (dashed: end of the warm-up)</text>"#,
        ]
        for (index, (title, values, colour)) in series.enumerated() {
            let top = gap + Double(index) * (panelHeight + gap)
            svg += panel(title, values, samples.map(\.seconds), colour, top: top, end: end, warmUp: warmUp)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private static func panel(
        _ title: String, _ values: [Double], _ times: [Double], _ colour: String, top: Double, end: Double,
        warmUp: Double
    ) -> [String] {
        let plotWidth = width - left - right
        let low = min(0, values.min() ?? 0)
        // The largest value, labelled, sits a little below the top of its panel.
        let high = max((values.max() ?? 1) * 1.1, low + 1)
        let highest = values.max() ?? 0
        func x(_ seconds: Double) -> Double { left + seconds / end * plotWidth }
        func y(_ value: Double) -> Double { top + panelHeight - (value - low) / (high - low) * panelHeight }
        let points = zip(times, values).map { String(format: "%.1f,%.1f", x($0), y($1)) }.joined(separator: " ")
        return [
            #"<text x="\#(left)" y="\#(top - 6)">\#(title)</text>"#,
            String(
                format: ##"<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#bbb"/>"##, left, top,
                plotWidth, panelHeight),
            String(
                format: #"<text x="%.1f" y="%.1f" text-anchor="end">%@</text>"#, left - 6, y(highest) + 4,
                label(highest)),
            String(
                format: #"<text x="%.1f" y="%.1f" text-anchor="end">%@</text>"#, left - 6, top + panelHeight, label(low)
            ),
            String(
                format: #"<text x="%.1f" y="%.1f" text-anchor="end">%.0f s</text>"#, left + plotWidth,
                top + panelHeight + 14, end),
            String(
                format: ##"<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999" stroke-dasharray="4 3"/>"##,
                x(warmUp), top, x(warmUp), top + panelHeight),
            #"<polyline fill="none" stroke="\#(colour)" stroke-width="1.5" points="\#(points)"/>"#,
        ]
    }

    private static func label(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}
