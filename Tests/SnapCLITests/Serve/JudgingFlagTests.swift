import SnapTestSupport
import Testing

/// `--judging`, `--max-compensation` and `--false-start-ms`, as `snap serve` (and plain `snap`) take them.
@Suite struct JudgingFlagTests {
    @Test(arguments: [
        (["serve", "--judging", "fastest"], "--judging"),
        (["--judging", "order"], "--judging"),
        (["serve", "--max-compensation", "5000"], "--max-compensation must be between 0 and 1000 milliseconds; got 5000."),
        (["host", "--name", "Ann", "--max-compensation=-1"], "--max-compensation must be between 0 and 1000"),
        (["serve", "--false-start-ms", "500"], "--false-start-ms must be between 0 and 300 milliseconds (0 turns false starts off); got 500."),
        (["serve", "--false-start-ms", "soon"], "--false-start-ms"),
    ])
    func badJudgingFlagsGetAClearMessage(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func theJudgingFlagsAreExplainedInTheHelp() async throws {
        let help = try await SnapBinary.run(["serve", "--help"]).stdout
        #expect(help.contains("--judging <judging>"))
        #expect(help.contains("reaction"))
        #expect(help.contains("arrival"))
        #expect(help.contains("--max-compensation"))
        #expect(help.contains("--false-start-ms"))
        #expect(help.contains("false start"))
    }
}
