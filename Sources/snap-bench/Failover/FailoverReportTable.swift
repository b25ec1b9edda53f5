import Foundation
import SnapBench

/// `snap-bench failover`'s figures for people.
enum FailoverReportTable {
    /// The summary, then a line per table.
    static func render(_ report: FailoverReport) -> String {
        var lines = [
            "Failover: \(report.nodes) nodes, lease \(report.leaseSeconds) s, \(report.tableCount) tables of 2 bots on node 1, node 1 killed (SIGKILL) mid-round",
            "",
            row(
                "join through node 2",
                String(
                    format: "p50 %.1f ms, p99 %.1f ms (%d joins, Redirect included)", report.joins.p50,
                    report.joins.p99, report.joins.count)),
            row(
                "failover",
                String(
                    format: "p50 %.0f ms, max %.0f ms (kill to a card turned again)", report.failover.p50,
                    report.failover.max)),
            row("tables resumed", "\(report.tablesResumed) of \(report.tableCount)"),
            row("players back at their seats", "\(report.clientsBack) of \(report.clients)"),
            row("tables with 52 cards after", "\(report.tablesWith52Cards) of \(report.tableCount)"),
            row("cards seen before the kill", "\(report.cardsSeenBeforeKill)"),
            row("actions lost", "\(report.actionsLost)"),
            "",
            "\(left("table", 8))\(right("round", 7))\(right("seen", 7))\(right("journal", 9))\(right("lost", 6))\(right("failover ms", 13))\(right("back", 6))\(right("cards", 7))  journal read",
        ]
        for table in report.tables {
            lines.append(
                left(table.code, 8) + right("\(table.round)", 7) + right("\(table.cardsSeen)", 7)
                    + right("\(table.cardsJournaled)", 9) + right("\(table.lost)", 6)
                    + right(table.failoverMs.map { String(format: "%.0f", $0) } ?? "never", 13)
                    + right("\(table.botsBack)/2", 6) + right(table.cards.map(String.init) ?? "-", 7)
                    + (table.journalReadBeforeTakeover ? "  before the takeover" : "  after the takeover"))
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ label: String, _ value: String) -> String {
        "  " + label + String(repeating: " ", count: max(1, 30 - label.count)) + value
    }

    private static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}
