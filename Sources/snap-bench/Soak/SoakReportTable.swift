import Foundation
import SnapBench
import SnapCore

/// `snap-bench soak`'s figures for people: the server's samples as a table and sparklines, what the honest and
/// the misbehaving clients did, and the verdict.
enum SoakReportTable {
    /// The whole report.
    static func render(_ report: SoakReport) -> String {
        let settings = report.settings
        var lines = [
            String(
                format: "Chaos soak: %.0f s (warm-up %.0f s), %d tables of %d honest bots at speed %g, %@",
                report.durationSeconds,
                settings.effectiveWarmUp.inSeconds, settings.tables, settings.players, settings.speed,
                settings.hostile
                    ? "\(HostileKind.allCases.count) kinds of misbehaving client" : "no misbehaving clients"),
            "",
        ]
        lines += samples(report)
        lines += [""] + honest(report.honest)
        if settings.hostile { lines += [""] + hostile(report) }
        lines += [""] + verdicts(report)
        return lines.joined(separator: "\n")
    }

    private static func samples(_ report: SoakReport) -> [String] {
        let interval = report.settings.effectiveSampleInterval.inSeconds
        // Whole seconds when the samples fall on them; tenths when they do not.
        let time = interval == interval.rounded() ? "%.0f" : "%.1f"
        var lines = [
            String(format: "The server, every %g s", interval),
            "\(right("s", 8))\(right("RSS MiB", 10))\(right("fds", 7))\(right("tables", 8))\(right("connections", 13))",
        ]
        let warmUp = report.settings.effectiveWarmUp.inSeconds
        var markedWarmUp = false
        for sample in report.samples {
            if !markedWarmUp, sample.seconds >= warmUp {
                lines.append("  — warm-up over —")
                markedWarmUp = true
            }
            lines.append(
                right(String(format: time, sample.seconds), 8)
                    + right(String(format: "%.1f", mebibytes(sample.rssBytes)), 10)
                    + right("\(sample.descriptors)", 7) + right("\(sample.tables)", 8)
                    + right("\(sample.connections)", 13))
        }
        guard !report.samples.isEmpty else { return lines + ["  (no sample could be read)"] }
        lines.append("")
        let series: [(String, [Double], String)] = [
            ("RSS", report.samples.map { mebibytes($0.rssBytes) }, "MiB"),
            ("descriptors", report.samples.map { Double($0.descriptors) }, ""),
            ("tables", report.samples.map { Double($0.tables) }, ""),
            ("connections", report.samples.map { Double($0.connections) }, ""),
        ]
        for (name, values, unit) in series {
            let range = String(
                format: "%g–%g", (values.min() ?? 0).rounded(toPlaces: 1), (values.max() ?? 0).rounded(toPlaces: 1))
            lines.append("  \(pad(name, 13))\(Sparkline.render(values))  \(range)\(unit.isEmpty ? "" : " \(unit)")")
        }
        return lines
    }

    private static func honest(_ honest: SoakHonestReport) -> [String] {
        [
            "Honest bots",
            row("sign-ins", "\(honest.signIns)"),
            row("tables opened", "\(honest.tablesOpened)"),
            row("rounds won", "\(honest.rounds)"),
            row("turns and calls", "\(honest.actions)"),
            row("back with their token", "\(honest.reconnectsWithToken)"),
            row("back without it", "\(honest.returnsWithoutToken) (\(honest.returnsSeated) seated again)"),
            row("left mid-round", "\(honest.leavesMidRound)"),
            row("made-up tokens refused", "\(honest.lostTokenProbes)"),
            row("expected refusals", counts(honest.expectedRefusals)),
            row(
                "protocol errors",
                honest.protocolErrors == 0 ? "0" : "\(honest.protocolErrors): \(counts(honest.protocolErrorKinds))"),
        ]
    }

    private static func hostile(_ report: SoakReport) -> [String] {
        var lines = [
            "Misbehaving clients",
            "  \(pad("", 13))\(right("episodes", 9))\(right("requests", 10))\(right("cut short", 11))\(right("not closed", 12))"
                + "  closed by the server",
        ]
        for kind in HostileKind.allCases {
            let figures = report.hostile[kind.rawValue] ?? HostileKindReport()
            lines.append(
                "  \(pad(kind.rawValue, 13))\(right("\(figures.episodes)", 9))\(right("\(figures.requestsSent)", 10))"
                    + "\(right("\(figures.interrupted)", 11))\(right("\(figures.notClosed)", 12))  \(counts(figures.closedByServer))"
            )
        }
        lines.append(
            "  (cut short: still running when the soak ended; not closed: ran its course and the server let it be)")
        lines.append("")
        lines.append("Connections refused or closed by limits, by reason")
        let closes = report.limitCloses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        lines += closes.isEmpty ? ["  none"] : closes.map { row($0.key, "\($0.value)") }
        let frames = report.hostile.values.reduce(into: [String: Int]()) {
            $0.merge($1.closeFrames, uniquingKeysWith: +)
        }
        if !frames.isEmpty { lines.append(row("close frames seen", counts(frames))) }
        return lines
    }

    private static func verdicts(_ report: SoakReport) -> [String] {
        var lines = [String]()
        let honest = report.honest
        let server = report.serverCardConservationFailures.map { "\($0) failures" } ?? "unknown"
        lines.append(
            "Cards: \(honest.tablesNotConserved == 0 ? "52 at every table" : "\(honest.tablesNotConserved) tables NOT conserved") "
                + "in \(honest.conservationChecks) checks of every player's view; the server's own check: \(server)")
        if let flat = report.flatness {
            lines.append(
                "Memory: \(SoakReport.mebibytes(flat.rssBytesAfterWarmUp)) after the warm-up, "
                    + "\(SoakReport.mebibytes(flat.rssBytesAtEnd)) at the end (flat allows "
                    + "+\(SoakReport.mebibytes(flat.rssAllowanceBytes))): \(flat.memoryFlat ? "flat" : "NOT flat")")
            lines.append(
                "Descriptors: \(flat.descriptorsAfterWarmUp) for \(flat.connectionsAfterWarmUp) connections after the warm-up, "
                    + "\(flat.descriptorsAtEnd) for \(flat.connectionsAtEnd) at the end (\(signed(flat.descriptorGrowth)) beside "
                    + "connections; flat allows +\(SoakFlatness.descriptorAllowance)): \(flat.descriptorsFlat ? "flat" : "NOT flat")"
            )
        }
        if let after = report.afterEveryoneLeft {
            var line =
                "After everyone left: \(SoakReport.mebibytes(after.rssBytes)), \(after.descriptors) descriptors, "
            line += "\(after.tables) tables, \(after.connections) connections"
            if let idle = report.idle {
                line += " (before anyone came: \(SoakReport.mebibytes(idle.rssBytes)), \(idle.descriptors) descriptors)"
            }
            lines.append(line)
        }
        lines.append("")
        if report.passed {
            lines.append(
                "PASSED: no protocol error among the honest bots, 52 cards at every table, memory and descriptors flat."
            )
        } else {
            lines.append("FAILED:")
            lines += report.failures.map { "  - \($0)" }
        }
        return lines
    }

    /// `name × count` pairs, largest first.
    private static func counts(_ counts: [String: Int]) -> String {
        guard !counts.isEmpty else { return "none" }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) × \($0.value)" }
            .joined(separator: ", ")
    }

    private static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }

    private static func row(_ label: String, _ value: String) -> String { "  \(pad(label, 24))\(value)" }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }
}

extension Double {
    /// The value rounded to `places` decimals.
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
