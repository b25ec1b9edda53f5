import Foundation
import SnapTestSupport
import Testing

/// `snap-bench fairness` runs end to end with tiny numbers: real servers in their own processes (one per judging
/// mode), real clients behind real delay proxies. Figures are checked for sense, never for speed or fairness.
@Suite struct FairnessBenchCommandTests {
    static let reportKeys = [
        "seed", "races_wanted", "tables", "speed", "bound_ms", "duration_seconds", "verdict_delay_measure",
        "gain_definition", "scenarios",
    ]
    static let judgingKeys = [
        "judging", "races", "void_races", "faster_won_by_gap", "faster_won_from_10ms", "equal_reactions_low_delay_won",
        "verdict_delay_ms", "server_margin_ms", "wrong_call_wins", "timer_slips", "cheater_won_by_gap", "cheat_gain_ms",
        "cheat_gain_at_least", "calls_refused", "protocol_errors", "false_starts", "races_off_match",
    ]

    @Test func aShortRunReportsBothJudgingModesForAnHonestAndACheatingScenario() async throws {
        let result = try await SnapBinary.bench([
            "fairness", "--scenario", "5ms-vs-80ms", "--scenario", "cheat-zero-reaction", "--races", "6",
            "--tables", "2", "--seed", "3", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        for key in Self.reportKeys { #expect(object[key] != nil, "missing \(key)") }
        #expect(object["seed"] as? Int == 3)
        #expect(object["bound_ms"] as? Int == 200)
        let scenarios = object["scenarios"] as? [[String: Any]] ?? []
        #expect(scenarios.map { $0["name"] as? String } == ["5ms-vs-80ms", "cheat-zero-reaction"])
        for scenario in scenarios {
            #expect(scenario["networks"] as? [String] != nil)
            for mode in ["arrival", "reaction"] {
                let judged = scenario[mode] as? [String: Any] ?? [:]
                for key in Self.judgingKeys { #expect(judged[key] != nil, "missing \(mode).\(key)") }
                #expect(judged["judging"] as? String == mode)
                #expect(judged["races"] as? Int == 6, "\(mode) gathered \(judged["races"] ?? "nothing")")
                #expect(judged["protocol_errors"] as? Int == 0)
                // The honest player reacts in 150 ms or more, and says so: never a false start.
                let falseStarts = judged["false_starts"] as? [Int] ?? []
                #expect(falseStarts.count == 2 && falseStarts.first == 0, "\(mode): \(falseStarts)")
                let delay = judged["verdict_delay_ms"] as? [String: Any] ?? [:]
                #expect((delay["count"] as? Int ?? 0) > 0, "the proxies saw calls and verdicts")
            }
        }
        let cheat = scenarios.last?["reaction"] as? [String: Any] ?? [:]
        #expect(cheat["cheat_gain_ms"] is Double || cheat["cheat_gain_ms"] is Int)
        #expect((cheat["cheater_won_by_gap"] as? [Any])?.isEmpty == false)
        #expect(scenarios.first?["cheat"] is NSNull)
    }

    @Test func theTableShowsBothModesSideBySideAndTheTargets() async throws {
        let result = try await SnapBinary.bench(["fairness", "--scenario", "both-5ms", "--races", "3", "--tables", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        for text in ["arrival", "reaction", "both players 5 ms away", "faster player won", "Targets"] {
            #expect(result.stdout.contains(text), "no '\(text)' in: \(result.stdout)")
        }
    }

    @Test(arguments: [
        (["--races", "0"], "--races must be between 1 and 100000"),
        (["--tables", "0"], "--tables must be between 1 and 500"),
        (["--tables", "501"], "--tables must be between 1 and 500"),
        (["--speed", "0"], "--speed must be a number above 0"),
        (["--max-compensation=-1"], "--max-compensation must be between 0 and 1000"),
        (["--timeout", "0"], "--timeout must be between 1 and 86400"),
        (["--scenario", "nowhere"], "There is no scenario 'nowhere'. The scenarios are: both-5ms,"),
    ])
    func badFlagsGetAClearMessageAndAFailingExit(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.bench(["fairness"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }
}
