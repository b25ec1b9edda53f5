import Foundation
import SnapTestSupport
import Testing

/// `snap solo` in German and in Japanese for real: the built binary in an 80×24 tmux pane with the locale's LANG,
/// its table and status drawn in that language, every line inside the pane by terminal width.
@Suite(.startsPrograms) struct TmuxLanguageTests {
    /// Columns a line of the pane takes: two for a wide (Japanese) character, as the pane draws it.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value)
                || (0x3041...0x33FF).contains(value) || (0x3400...0x4DBF).contains(value)
                || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            return width + (wide ? 2 : 1)
        }
    }

    /// Every line of `screen` fits 80 columns and the screen is 24 rows.
    static func expectFits(_ screen: String, _ language: String) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 24, "\(language): \(lines.count) rows")
        for line in lines { #expect(columns(line) <= 80, "\(language): \(columns(line)) columns: \(line)") }
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func playsInGermanFromLANG() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 7 --speed 20 --name Tester", environment: ["LANG": "de_DE.UTF-8"])
        defer { pane.close() }
        let table = try await pane.waitFor("the German table") { screen in
            ["Ray", "Lucy", "Steve", "Tester (du)", "Runde 1", "[Enter] aufdecken"].allSatisfy(screen.contains)
        }
        Self.expectFits(table, "de")
        let turn = try await pane.waitFor("your turn, in German") { $0.contains("Du bist dran: drück Enter") }
        Self.expectFits(turn, "de")
        try await pane.send("?")
        let help = try await pane.waitFor("the German help") { $0.contains("Regeln") && $0.contains("Leertaste oder s") }
        Self.expectFits(help, "de")
        try await pane.send("q")
        try await pane.waitFor("the German quit prompt") { $0.contains("Spiel beenden? (j/n)") }
        try await pane.send("j")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"))
        #expect(after.contains("Danke fürs Mitspielen bei Snap!") && after.contains("(Seed 7)"), "\(after)")
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func playsInJapaneseFromLANG() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 7 --speed 20 --name Tester", environment: ["LANG": "ja_JP.UTF-8"])
        defer { pane.close() }
        let table = try await pane.waitFor("the Japanese table") { screen in
            ["Lucy", "Tester（あなた）", "ラウンド1", "[Enter] めくる"].allSatisfy(screen.contains)
        }
        Self.expectFits(table, "ja")
        let turn = try await pane.waitFor("your turn, in Japanese") { $0.contains("あなたの番：Enter を押して") }
        Self.expectFits(turn, "ja")
        try await pane.send("?")
        let help = try await pane.waitFor("the Japanese help") { $0.contains("ルール") && $0.contains("Space か s") }
        Self.expectFits(help, "ja")
        try await pane.send("q")
        try await pane.waitFor("the Japanese quit prompt") { $0.contains("終了しますか？ (y/n)") }
        try await pane.send("y")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"))
        #expect(after.contains("Snap! を遊んでくれてありがとう！"), "\(after)")
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable, "tmux is not installed; set SNAP_REQUIRE_TMUX=1 to fail instead of skipping"))
    func langOptionWinsOverTheLocale() async throws {
        let pane = try await SnapPane(arguments: "solo --seed 7 --name Tester --lang fr", environment: ["LANG": "de_DE.UTF-8"])
        defer { pane.close() }
        let table = try await pane.waitFor("the French table") { $0.contains("Tester (toi)") && $0.contains("Manche 1") }
        Self.expectFits(table, "fr")
        try await pane.send("C-c")
        try await pane.waitFor("snap to exit") { $0.contains("snap exited with 130") }
    }
}
