import Foundation
import SnapBench

/// `snap-bench fairness`'s figures as a table for people: arrival and reaction judging side by side.
enum FairnessReportTable {
    private static let labelWidth = 44
    private static let columnWidth = 24

    static func render(_ report: FairnessReport) -> String {
        var lines = [
            "snap-bench fairness — \(report.racesWanted) races per scenario and judging mode, \(report.tables) tables "
                + "each, server speed \(format(report.speed)), bound \(report.boundMs) ms, seed \(report.seed), "
                + String(format: "%.0f s", report.durationSeconds),
            "",
            pad("") + pad("arrival", columnWidth) + "reaction",
        ]
        for scenario in report.scenarios {
            lines.append("")
            lines.append("\(scenario.summary)  [\(scenario.name)]")
            func row(_ label: String, _ value: (FairnessJudgingReport) -> String) {
                lines.append(pad("  " + label) + pad(value(scenario.arrival), columnWidth) + value(scenario.reaction))
            }
            if scenario.cheat != nil {
                row("races on a match (void · wrong calls off one)") { "\($0.races) (\($0.voidRaces) · \($0.racesOffMatch))" }
            } else {
                row("races (void)") { "\($0.races) (\($0.voidRaces))" }
            }
            if let headStart = scenario.headStartMs {
                for (index, gap) in (scenario.arrival.headStartWonByGap ?? []).enumerated() {
                    row("+\(headStart) ms won, \(gap.gapMs ?? 0) ms slower") { share($0.headStartWonByGap?[index]) }
                }
            } else if scenario.cheat == nil {
                for (index, gap) in scenario.arrival.fasterWonByGap.enumerated() {
                    row("faster player won, |Δ| = \(gap.gapMs ?? 0) ms") { share($0.fasterWonByGap[index]) }
                }
                row("faster player won, |Δ| ≥ 10 ms") { share($0.fasterWonFrom10Ms) }
                let label = scenario.networks.count == 2 && scenario.networks[0] != scenario.networks[1]
                    ? "Δ = 0: low-delay player won (fair 50 %)" : "Δ = 0: player 0 won (fair 50 %)"
                row(label) { share($0.equalReactionsLowDelayWon, interval: true) }
            } else {
                for (index, gap) in (scenario.arrival.cheaterWonByGap ?? []).enumerated() {
                    row("cheater took the cards, honest \(gap.gapMs ?? 0) ms faster") { share($0.cheaterWonByGap?[index]) }
                }
                row("cheat's gain") { gain($0) }
            }
            row("time added before verdict p50 · p99") { delay($0.verdictDelayMs) }
            row("server's margin p50") { $0.serverMarginMs.p50.map { String(format: "%.1f ms", $0) } ?? "—" }
            row("won by a wrong call") { "\($0.wrongCallWins)" }
            row(scenario.cheat != nil ? "false starts: honest · cheater" : "false starts: player 0 · 1") {
                "\($0.falseStarts[0]) · \($0.falseStarts[1])"
            }
            row("timer slips · calls refused · errors") { "\($0.timerSlips) · \($0.callsRefused) · \($0.protocolErrors)" }
        }
        lines.append("")
        lines += targets(report)
        lines.append("")
        lines.append(wrap(report.verdictDelayMeasure))
        lines.append(wrap(report.gainDefinition))
        lines.append(wrap(
            "Δ = 0 shares show their 95 % confidence interval: a few dozen ties cannot tell 50 % from 55 %."))
        if report.scenarios.contains(where: { $0.cheat != nil }) {
            lines.append(wrap(
                "Against a cheat, the players call only when a match shows, and a race counts when one stood: who took "
                    + "the cards. A replayed call is sent on every card before its player could have seen it — a guess; "
                    + "on a match, judged by reaction, it and the 60 ms bot's call are false starts (faster than a "
                    + "person), which pay a card and take nothing; on no match the guess is a wrong call, which pays too."))
        }
        lines.append(wrap(
            "Timer slips: races whose players' own timers called in the opposite order to the script (counted by the "
                + "script all the same). Void: cards no judged call settled."))
        return lines.joined(separator: "\n")
    }

    /// Issue 10's targets for reaction judging, and what this run reached.
    private static func targets(_ report: FairnessReport) -> [String] {
        // A head start is meant to let the slower player win, and to make the verdict wait for them: its own target.
        let honest = report.scenarios.filter { $0.cheat == nil && $0.headStartMs == nil }
        let cheats = report.scenarios.filter { $0.cheat != nil }
        var lines = ["Targets (reaction judging)"]
        if let worst = honest.min(by: { ($0.reaction.fasterWonFrom10Ms.share ?? 1) < ($1.reaction.fasterWonFrom10Ms.share ?? 1) }),
            let value = worst.reaction.fasterWonFrom10Ms.share
        {
            lines.append(pad("  ≥ 99 % to the faster when |Δ| ≥ 10 ms") + "worst \(percent(value)) (\(worst.name)): "
                + (value >= 0.99 ? "met" : "not met"))
        }
        let split = honest.filter { $0.networks.count == 2 && $0.networks[0] != $0.networks[1] }
        for scenario in split {
            guard let value = scenario.reaction.equalReactionsLowDelayWon.share else { continue }
            let ties = scenario.reaction.equalReactionsLowDelayWon
            let range = ties.interval95.map { " (95 %: \(percent($0.lowerBound))–\(percent($0.upperBound)))" } ?? ""
            // The target is about the true share, so the verdict goes by the interval, not the point.
            let verdict: String =
                switch ties.interval95 {
                case let interval? where interval.lowerBound >= 0.45 && interval.upperBound <= 0.55: "met"
                case let interval? where interval.upperBound < 0.45 || interval.lowerBound > 0.55: "not met"
                default: "too few ties to tell"
                }
            lines.append(pad("  Δ = 0 split 50 ± 5 %") + "\(percent(value)) of \(ties.races) to the low-delay player"
                + range + " (\(scenario.name)): " + verdict)
        }
        let p99s = report.scenarios.filter { $0.headStartMs == nil }.compactMap { scenario in
            scenario.reaction.verdictDelayMs.p99.map { (scenario.name, $0) }
        }
        if let worst = p99s.max(by: { $0.1 < $1.1 }) {
            lines.append(pad("  p99 time added ≤ \(report.boundMs) ms") + String(format: "worst %.1f ms", worst.1)
                + " (\(worst.0)): " + (worst.1 <= Double(report.boundMs) ? "met" : "not met"))
        }
        for scenario in report.scenarios {
            guard let headStart = scenario.headStartMs, headStart > 0, let shares = scenario.reaction.headStartWonByGap
            else { continue }
            let within = shares.filter { ($0.gapMs ?? 0) < headStart }
            let beyond = shares.filter { ($0.gapMs ?? 0) > headStart }
            let wonWithin = within.reduce(0) { $0 + $1.won }, racesWithin = within.reduce(0) { $0 + $1.races }
            let wonBeyond = beyond.reduce(0) { $0 + $1.won }, racesBeyond = beyond.reduce(0) { $0 + $1.races }
            lines.append(pad("  +\(headStart) ms wins below \(headStart), not above") + "\(wonWithin) of \(racesWithin) below, "
                + "\(wonBeyond) of \(racesBeyond) above (\(scenario.name)): "
                + (wonWithin == racesWithin && wonBeyond == 0 ? "met" : "not met"))
            if let p99 = scenario.reaction.verdictDelayMs.p99 {
                let bound = Double(report.boundMs + headStart)
                lines.append(pad("  p99 time added ≤ \(report.boundMs) + \(headStart) ms") + String(format: "%.1f ms", p99)
                    + " (\(scenario.name)): " + (p99 <= bound ? "met" : "not met"))
            }
        }
        let honestFalseStarts = report.scenarios.reduce(0) { sum, scenario in
            [scenario.arrival, scenario.reaction].reduce(sum) { $0 + $1.falseStarts[0] + (scenario.cheat == nil ? $1.falseStarts[1] : 0) }
        }
        lines.append(pad("  no honest player makes a false start") + "\(honestFalseStarts): "
            + (honestFalseStarts == 0 ? "met" : "not met"))
        let quick = cheats.filter { [FairnessCheat.replayedCall, .fastBot].map(FairnessScenario.name(of:)).contains($0.name) }
        if !quick.isEmpty {
            let won = quick.reduce(0) { $0 + ($1.reaction.cheaterWonByGap ?? []).reduce(0) { $0 + $1.won } }
            let raced = quick.reduce(0) { $0 + $1.reaction.races }
            lines.append(pad("  replayed calls, 60 ms bot take no cards") + "\(won) of \(raced) races on a match: "
                + (won == 0 ? "met" : "not met"))
        }
        if let slow = cheats.first(where: { $0.name == FairnessScenario.name(of: .slowPongs) }),
            let gain = slow.reaction.cheatGainMs
        {
            lines.append(pad("  held pongs gain ≤ 20 ms (own TCP)") + String(format: "%.0f ms", gain)
                + (slow.reaction.cheatGainAtLeast == true ? " or more" : "") + ": "
                + (gain <= 20 && slow.reaction.cheatGainAtLeast != true ? "met" : "not met"))
        }
        let gains = cheats.compactMap { scenario in scenario.reaction.cheatGainMs.map { (scenario, $0) } }
        if let worst = gains.max(by: { $0.1 < $1.1 }) {
            let atLeast = worst.0.reaction.cheatGainAtLeast == true
            lines.append(pad("  no cheat gains more than \(report.boundMs) ms") + "largest "
                + (atLeast ? "≥ " : "") + String(format: "%.0f ms", worst.1) + " (\(worst.0.name)): "
                + (worst.1 <= Double(report.boundMs) && !(atLeast && worst.1 >= Double(report.boundMs)) ? "met" : "not met"))
        }
        return lines
    }

    private static func share(_ share: FairnessShare?, interval: Bool = false) -> String {
        guard let share, let value = share.share else { return "— (0)" }
        guard interval, let range = share.interval95 else { return "\(percent(value)) of \(share.races)" }
        return "\(percent(value)) of \(share.races) (\(Int((range.lowerBound * 100).rounded()))–\(Int((range.upperBound * 100).rounded())))"
    }

    private static func gain(_ report: FairnessJudgingReport) -> String {
        guard let gain = report.cheatGainMs else { return "—" }
        if gain == 0 { return "none (≤ 0 ms)" }
        return (report.cheatGainAtLeast == true ? "≥ " : "") + String(format: "%.0f ms", gain)
    }

    private static func delay(_ summary: FairnessDelaySummary) -> String {
        guard let p50 = summary.p50, let p99 = summary.p99 else { return "—" }
        return String(format: "%.1f · %.1f ms", p50, p99)
    }

    private static func percent(_ value: Double) -> String {
        value == 1 || value == 0 ? String(format: "%.0f %%", value * 100) : String(format: "%.1f %%", value * 100)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f", value) : String(value)
    }

    private static func pad(_ text: String, _ width: Int = labelWidth) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func wrap(_ text: String, width: Int = 110) -> String {
        var lines = [String]()
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
