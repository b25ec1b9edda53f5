import Foundation
import SnapBench

/// `snap-bench flood`'s figures for people.
enum FloodReportTable {
    /// The report: the figures, how the connection ended, and the server's memory second by second.
    static func render(_ report: FloodReport) -> String {
        var lines = [
            String(
                format:
                    "Flood: one client, never signed in, ListTables as fast as it can (%d per write) for %.0f s, never reading",
                report.framesPerWrite, report.floodSeconds),
            "",
            row("requests sent", String(format: "%d (%.0f per second)", report.requestsSent, report.requestsPerSecond)),
            row(
                "read by the server",
                report.requestsReadByServer.map { "\($0) (the rest waited in kernel buffers)" } ?? "unknown"),
            row("server RSS before", SoakReport.mebibytes(report.serverRssBytesBefore)),
            row("after the flood", SoakReport.mebibytes(report.serverRssBytesAfterFlood)),
            row(
                String(format: "%.0f s after the client went", report.settleSeconds),
                SoakReport.mebibytes(report.serverRssBytesAfterClientGone)),
            row("largest", SoakReport.mebibytes(report.serverRssBytesPeak)),
            row("connections after", report.serverConnectionsAfterClientGone.map(String.init) ?? "unknown"),
            row("the connection", ending(report)),
            "",
            "The server's memory, every second",
            "  \(Sparkline.render(report.samples.map { Double($0.rssBytes) }))",
        ]
        lines.append("\(right("s", 8))\(right("RSS MiB", 10))\(right("requests", 12))")
        for sample in report.samples {
            lines.append(
                right(String(format: "%.0f", sample.seconds), 8)
                    + right(String(format: "%.1f", Double(sample.rssBytes) / 1_048_576), 10)
                    + right("\(sample.requestsSent)", 12))
        }
        return lines.joined(separator: "\n")
    }

    private static func ending(_ report: FloodReport) -> String {
        let when = report.closedAfterSeconds.map { String(format: " after %.1f s", $0) } ?? ""
        switch report.ending {
        case .closeFrame:
            let code = report.closeCode.map(String.init) ?? "no code"
            return "closed by the server\(when): close frame \(code) \"\(report.closeReason ?? "")\""
        case .reset: return "reset by the server\(when), no close frame"
        case .closedWithoutCloseFrame: return "closed by the server\(when), no close frame"
        case .notClosed: return "never closed by the server; the client went at the end of the flood"
        }
    }

    private static func row(_ label: String, _ value: String) -> String {
        "  " + label + String(repeating: " ", count: max(1, 30 - label.count)) + value
    }

    private static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
