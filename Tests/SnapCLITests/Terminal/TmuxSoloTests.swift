import Foundation
import SnapTestSupport
import Testing

/// `snap solo` for real: the built binary in an 80×24 tmux pane, driven with keys, read back with
/// `capture-pane`. Skipped when tmux is missing, unless SNAP_REQUIRE_TMUX=1 makes that a failure.
@Suite(.startsPrograms) struct TmuxSoloTests {
    // MARK: - Finding the programs

    /// The `snap` binary of this build, if it is there.
    static let snapBinary: URL? = SnapBinary.built

    /// A program found on PATH.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// tmux, if installed.
    static let tmuxPath = executable(named: "tmux")

    /// Whether a missing tmux is a failure rather than a reason to skip.
    static let tmuxRequired = ProcessInfo.processInfo.environment["SNAP_REQUIRE_TMUX"] == "1"

    static let tmuxAvailable = tmuxPath != nil || tmuxRequired

    // MARK: - Tests

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func playsAGameAndRestoresTheTerminalOnQuit() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 7 --speed 20 --name Tester")
        defer { pane.close() }

        let table = try await pane.waitFor("the table") { screen in
            ["Ray", "Lucy", "Steve", "Tester (you)", "Snap!", "Round 1"].allSatisfy(screen.contains)
        }
        #expect(!table.contains("seed"), "a player does not need the seed during the game")
        #expect(table.contains("[Enter] turn") || table.contains("Enter  turn"))

        // Play: wait for the person's turn, then turn a card with Enter.
        try await pane.waitFor("your turn") { $0.contains("Your turn: press Enter") }
        let before = try await pane.capture()
        try await pane.send("Enter")
        try await pane.waitFor("the card to be turned") { $0 != before && !$0.contains("Your turn: press Enter") }

        // Call Snap! with Space until a call is judged and its cards move, or it comes too late.
        var verdict: String?
        for _ in 0..<6 where verdict == nil {
            try await pane.send("Space")
            verdict = try? await pane.waitFor("a verdict", timeout: 2) { screen in
                let signs = ["You pay", "You collect", "too late", "«Snap!» ✗", "«Snap!» ☺", "You must pay", "You receive", "false start"]
                return signs.contains(where: screen.contains)
            }
        }
        #expect(verdict != nil, "no verdict after calling Snap!")

        // Help and back.
        try await pane.send("?")
        try await pane.waitFor("the help") { $0.contains("Rules") && $0.contains("Space or s") }
        try await pane.send("?")
        try await pane.waitFor("the help to close") { !$0.contains("Rules") }

        // Quit, confirming.
        try await pane.send("q")
        try await pane.waitFor("the quit prompt") { $0.contains("Quit? (y/n)") }
        try await pane.send("y")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"))
        #expect(after.contains("before snap"), "the normal screen is back")
        #expect(after.contains("Thanks for playing Snap!"))
        #expect(after.contains("(seed 7)"), "the summary says the seed, for replaying")
        #expect(after.contains("terminal modes restored"))
        #expect(!after.contains("Quit? (y/n)") && !after.contains("Tester (you)"), "the table is gone")
        #expect(try await pane.display("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, cursor shown")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func aQuickRoundEndsByTimeWithNoKeyPressed() async throws {
        // 3 minutes at speed 60 is 3 s. The person never presses a key: the screen moves on its own (the clock, the
        // turns the table takes for them) until time ends the round. How the clock counts down, and the turns taken
        // for an idle person, are checked in process on made-up time (SoloSessionTests): three seconds of wall
        // clock are too short to be sure of reading the clock here on a busy machine, so only the end is awaited.
        let pane = try await SnapPane(arguments: "solo --seed 7 --speed 60 --round 3 --name Tester")
        defer { pane.close() }
        let end = try await pane.waitFor("the round to end by time", timeout: 60, SnapPane.showsTheRoundsResult)
        #expect(end.contains("Press n for the next round"))
        #expect(end.contains("Tester (you)"))
        #expect(!end.contains(" left "), "the clock is gone once the round is over")
        // Ended by time, not by one player holding all 52: the counts under the piles (closed, open) show cards in
        // at least two seats.
        let counts = Self.pileCounts(on: end)
        let seatsWithCards = counts.flatMap(Self.seatTotals).filter { $0 > 0 }
        #expect(counts.joined().reduce(0, +) == 52, "the counts under the piles: \(counts)")
        #expect(seatsWithCards.count >= 2, "the round ended by time with cards in several seats: \(counts)")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func controlCQuitsAtOnceAndRestoresTheTerminal() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 8 --name Tester")
        defer { pane.close() }
        try await pane.waitFor("the table") { $0.contains("Lucy") && $0.contains("Tester (you)") }
        try await pane.send("C-c")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 130"))
        #expect(after.contains("terminal modes restored"))
        #expect(after.contains("before snap"))
        #expect(try await pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func sigtermFromOutsideRestoresTheTerminal() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 9 --name Tester")
        defer { pane.close() }
        try await pane.waitFor("the table") { $0.contains("Lucy") && $0.contains("Tester (you)") }
        let snap = try pane.snapProcess()
        #expect(kill(snap, SIGTERM) == 0)
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 143"))
        #expect(after.contains("terminal modes restored"))
        #expect(try await pane.display("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test func refusesToRunWithoutATerminal() async throws {
        let result = try await SnapBinary.run(["solo", "--seed", "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("snap solo needs an interactive terminal"))
    }

    /// The numbers on the screen's lines that hold nothing else: the counts under the piles, closed then open.
    private static func pileCounts(on screen: String) -> [[Int]] {
        screen.split(separator: "\n")
            .filter { line in line.contains(where: \.isNumber) && line.allSatisfy { $0 == " " || $0.isNumber } }
            .map { line in line.split(separator: " ").compactMap { Int($0) } }
    }

    /// One line's counts as each seat's total (its closed and open piles side by side).
    private static func seatTotals(_ numbers: [Int]) -> [Int] {
        stride(from: 0, to: numbers.count - 1, by: 2).map { index in numbers[index] + numbers[index + 1] }
    }

}
