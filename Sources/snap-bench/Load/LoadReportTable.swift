import Foundation
import SnapBench

/// `snap-bench load`'s figures as a table for people.
enum LoadReportTable {
    /// One run.
    static func render(_ report: LoadReport) -> String {
        rows(report).map { "\(pad($0.label))\($0.value)" }.joined(separator: "\n")
    }

    /// A Snap! run beside the floor's, with their ratios.
    static func render(_ comparison: LoadComparison) -> String {
        let snap = rows(comparison.snap)
        let floor = rows(comparison.floor)
        var lines = ["\(pad(""))\(pad("Snap!", 24))floor"]
        for (left, right) in zip(snap, floor) { lines.append("\(pad(left.label))\(pad(left.value, 24))\(right.value)") }
        lines.append("")
        lines.append("Snap! ÷ floor")
        lines.append("\(pad("  throughput"))\(ratio(comparison.throughputRatio))  (actions per second of server CPU; 1 = the floor)")
        lines.append("\(pad("  p99 turns"))\(ratio(comparison.turnLatencyP99Ratio))  (lower is better)")
        lines.append("\(pad("  p99 calls"))\(ratio(comparison.callLatencyP99Ratio))  (Snap!'s wait for their verdicts)")
        lines.append("\(pad("  p99 all actions"))\(ratio(comparison.latencyP99Ratio))")
        lines.append("\(pad("  memory"))\(ratio(comparison.memoryRatio))  (resident bytes per connection; lower is better)")
        return lines.joined(separator: "\n")
    }

    /// Pairs of runs, alternating: every run in the order it ran, then the ratios pooled over them.
    static func render(_ series: LoadSeries) -> String {
        var lines = ["\(pad("run", 8))\(pad("server", 8))\(pad("actions/s", 11))\(pad("CPU s/s", 9))"
            + "\(pad("actions/CPU-s", 15))\(pad("p99 turns", 11))\(pad("RSS/conn", 10))errors · 52 cards"]
        for (index, pair) in series.pairs.enumerated() {
            let runs = LoadSeries.snapRunsFirst(inPair: index) ? [pair.snap, pair.floor] : [pair.floor, pair.snap]
            for (offset, report) in runs.enumerated() {
                lines.append(
                    "\(pad("\(2 * index + offset + 1)", 8))\(pad(report.server == "snap" ? "Snap!" : "floor", 8))"
                        + "\(pad(String(format: "%.0f", report.actionsPerSecond), 11))"
                        + "\(pad(known(report.serverCpuSecondsPerSecond) { String(format: "%.2f", $0) }, 9))"
                        + "\(pad(known(report.actionsPerServerCpuSecond) { String(format: "%.0f", $0) }, 15))"
                        + "\(pad(String(format: "%.2f ms", report.turnLatencyMs.p99), 11))"
                        + "\(pad(known(report.rssBytesPerConnection) { String(format: "%.1f KiB", Double($0) / 1_024) }, 10))"
                        + "\(report.protocolErrors) · \(report.cardsConserved ? "yes" : "NO")")
            }
        }
        let range = series.throughputRatioRange
        lines.append("")
        lines.append("Snap! ÷ floor over \(series.pairs.count) pairs (Snap! first, then the floor first, …)")
        lines.append(
            "\(pad("  throughput"))\(String(format: "%.3f", series.throughputRatio))  (all actions over all server CPU-seconds; "
                + "one pair alone: \(ratio(range.lowerBound))–\(ratio(range.upperBound)))")
        lines.append("\(pad("  p99 turns"))\(ratio(series.turnLatencyP99Ratio))  (the pairs' median; lower is better)")
        lines.append("\(pad("  memory"))\(ratio(series.memoryRatio))  (the pairs' mean; lower is better)")
        return lines.joined(separator: "\n")
    }

    private static func rows(_ report: LoadReport) -> [(label: String, value: String)] {
        let latency = report.latencyMs
        return [
            ("server", report.server),
            ("tables × players", "\(report.tables) × \(report.players)"),
            ("measured for", String(format: "%.1f s", report.durationSeconds)),
            ("clients connected", "\(report.clientsConnected) (failed \(report.clientsFailed))"),
            ("redirects followed", "\(report.redirects) (to a table's node of a cluster)"),
            ("rounds won", "\(report.rounds)"),
            ("actions", "\(report.actions) (\(report.turns) turns, \(report.calls) calls)"),
            ("actions per second", String(format: "%.0f", report.actionsPerSecond)),
            ("packets/s out · in", String(format: "%.0f · %.0f", report.packetsPerSecondOut, report.packetsPerSecondIn)),
            ("messages/s out", String(format: "%.0f", report.messagesPerSecondOut)),
            ("bytes/s out · in", String(format: "%.0f · %.0f", report.bytesPerSecondOut, report.bytesPerSecondIn)),
            ("sent per action", perAction(report)),
            ("latency p50 · p90", String(format: "%.2f · %.2f ms", latency.p50, latency.p90)),
            ("latency p99 · p99.9", String(format: "%.2f · %.2f ms", latency.p99, latency.p999)),
            ("latency max", String(format: "%.2f ms (%d measured)", latency.max, latency.count)),
            (
                "turns alone p50 · p99",
                String(format: "%.2f · %.2f ms (max %.2f)", report.turnLatencyMs.p50, report.turnLatencyMs.p99, report.turnLatencyMs.max)
            ),
            (
                "calls alone p50 · p99",
                String(format: "%.2f · %.2f ms (max %.2f)", report.callLatencyMs.p50, report.callLatencyMs.p99, report.callLatencyMs.max)
            ),
            ("judging wait", judgingWait(report)),
            ("actions not timed", "\(latency.incomplete) (the same player acted again before all seats had the last)"),
            (
                "full clients' tables",
                report.mirrorLatencyMs.map { String(format: "p50 %.2f · p99 %.2f ms (the mirror tables, apart)", $0.p50, $0.p99) }
                    ?? "none apart (the figures above are theirs)"
            ),
            ("server RSS idle", known(report.serverRssBytesIdle, megabytes)),
            ("server RSS loaded", known(report.serverRssBytesLoaded, megabytes)),
            ("RSS per connection", known(report.rssBytesPerConnection) { String(format: "%.1f KiB", Double($0) / 1_024) }),
            (
                "largest outbox",
                report.server == "floor" ? "not measured (the floor keeps no metrics)"
                    : known(report.largestOutboxBytes) { String(format: "%.1f KiB", Double($0) / 1_024) }
            ),
            ("server CPU", known(report.serverCpuSecondsPerSecond) { String(format: "%.2f s per s", $0) }),
            ("actions per CPU-second", known(report.actionsPerServerCpuSecond) { String(format: "%.0f", $0) }),
            ("load generator CPU", String(format: "%.2f s per s (%d process%@)", report.generatorCpuSecondsPerSecond,
                report.generators, report.generators == 1 ? "" : "es")),
            ("protocol errors", "\(report.protocolErrors)"),
            (
                "52 cards at every table",
                "\(report.cardsConserved ? "yes" : "NO") (checked at \(report.mirrorTables) mirror table\(report.mirrorTables == 1 ? "" : "s"))"
            ),
        ]
    }

    /// What the server sent for each action, to all its seats: packets, the WebSocket messages they went in, bytes.
    private static func perAction(_ report: LoadReport) -> String {
        guard report.actionsPerSecond > 0 else { return "no action" }
        let per = { (value: Double) in value / report.actionsPerSecond }
        return String(format: "%.2f packets in %.2f messages, %.1f bytes", per(report.packetsPerSecondOut),
            per(report.messagesPerSecondOut), per(report.bytesPerSecondOut))
    }

    /// How long verdicts waited, or why it is not known.
    private static func judgingWait(_ report: LoadReport) -> String {
        if report.server == "floor" { return "none (each call is judged as it arrives)" }
        guard let wait = report.judgingWaitMs else { return "not measured (no verdict, or no /metrics)" }
        let bound = { (value: Double?) in value.map { String(format: "≤ %.1f", $0) } ?? "> 1000" }
        return String(format: "mean %.2f ms · p50 %@ · p99 %@ ms (%d verdicts; part of each call above)",
            wait.mean, bound(wait.p50AtMost), bound(wait.p99AtMost), wait.count)
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

    /// A figure, or why there is none: the server's own figures are read only from a server this run started.
    private static func known<Value>(_ value: Value?, _ format: (Value) -> String) -> String {
        value.map(format) ?? "not measured (not our process)"
    }

    private static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func pad(_ text: String, _ width: Int = 26) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
