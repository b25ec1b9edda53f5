import Foundation
import SnapTestSupport
import Testing

@Suite struct SimulateCommandTests {
    static let requiredKeys = [
        "games", "players", "seed", "rounds_finished", "rounds_capped", "turns", "calls_correct", "calls_wrong",
        "calls_too_late", "recycles", "payments", "players_out", "longest_round_turns", "cards_conserved",
        "wall_seconds", "rounds_per_second", "turns_per_second", "round_game_seconds_mean", "round_game_seconds_p90",
    ]

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await SnapBinary.run(["simulate", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.jsonObject()
    }

    @Test func jsonOutputHasEveryRequiredKey() async throws {
        let object = try await json(["--games", "4", "--players", "3", "--seed", "9"])
        for key in Self.requiredKeys { #expect(object[key] != nil, "missing \(key)") }
        #expect(object["games"] as? Int == 4)
        #expect(object["players"] as? Int == 3)
        #expect(object["rounds_finished"] as? Int == 4)
        #expect(object["cards_conserved"] as? Bool == true)
    }

    @Test func quickRoundsEndWhenTheTimeIsUp() async throws {
        let quick = try await json(["--games", "10", "--round", "3", "--seed", "4"])
        let mean = try #require(quick["round_game_seconds_mean"] as? Double)
        let p90 = try #require(quick["round_game_seconds_p90"] as? Double)
        // The deal (2 s), then three minutes; a tie goes on only until the next correct call.
        #expect(mean <= 182 + 30 && p90 <= 182 + 60, "mean \(mean) s, p90 \(p90) s")
        #expect(quick["round"] as? String == "quick 3 min")
        let classic = try await json(["--games", "10", "--round", "classic", "--seed", "4"])
        #expect(try #require(classic["round_game_seconds_mean"] as? Double) > mean)
        let bad = try await SnapBinary.run(["simulate", "--round", "7"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--round"), "\(bad.stderr)")
    }

    @Test func theSameSeedGivesTheSameFiguresApartFromTiming() async throws {
        var first = try await json(["--games", "3", "--seed", "21"])
        var second = try await json(["--games", "3", "--seed", "21"])
        for key in ["wall_seconds", "rounds_per_second", "turns_per_second"] {
            first[key] = nil
            second[key] = nil
        }
        #expect(NSDictionary(dictionary: first) == NSDictionary(dictionary: second))
        let other = try await json(["--games", "3", "--seed", "22"])
        #expect(other["turns"] as? Int != first["turns"] as? Int)
    }

    @Test func theTableSummaryNamesEveryFigure() async throws {
        let result = try await SnapBinary.run(["simulate", "--games", "2", "--players", "2"])
        #expect(result.status == 0)
        for label in ["rounds finished", "rounds capped", "turns", "calls", "recycles", "payments", "players out",
                      "cards conserved", "wall time", "rounds/s", "turns/s"] {
            #expect(result.stdout.contains(label), "missing \(label)")
        }
    }

    @Test(arguments: [
        (["--players", "5"], "--players must be 2, 3 or 4"),
        (["--players", "1"], "--players must be 2, 3 or 4"),
        (["--games", "-1"], "--games must be between 1 and 1000000"),
        (["--games", "0"], "--games must be between 1 and 1000000"),
        (["--games", "lots"], "--games"),
        (["--seed", "-3"], "--seed"),
        (["--difficulty", "insane"], "easy"),
        (["--turn-cap", "0"], "--turn-cap must be at least 1"),
        (["--frobnicate"], "Unknown option"),
    ])
    func badFlagsGetAClearMessageAndAFailingExit(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.run(["simulate"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    }

    @Test func helpListsTheCommands() async throws {
        let result = try await SnapBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("solo") && result.stdout.contains("simulate"))
    }
}
