import SnapCore
import SnapLocalization
import Testing

@testable import SnapTerminal

/// The terminal in another language: the same table drawn from the same view with other texts, every line still
/// inside 80 columns by terminal width (a Japanese character takes two).
@Suite struct TerminalLanguageTests {
    static let german = try! TerminalTexts.load(.german)
    static let japanese = try! TerminalTexts.load(.japanese)

    private func render(
        _ table: Table, in texts: TerminalTexts, _ configure: (inout TableScreen) -> Void = { _ in }
    ) -> [String] {
        var screen = TableScreen(view: table.view(for: .bottom), seed: 1, difficulty: .normal, texts: texts)
        configure(&screen)
        return screen.render()
    }

    private func expectFits(_ lines: [String], _ comment: Comment? = nil) {
        #expect(lines.count == 24, comment)
        for line in lines {
            #expect(line.terminalWidth <= 80, "\(line.terminalWidth) columns: \(line)")
        }
    }

    @Test func oneTableInEnglishAndGermanSideBySide() throws {
        let table = try TableFixtures.match()
        let english = render(table, in: .english)
        let german = render(table, in: Self.german)
        #expect(english[10].contains("Lucy's turn"))
        #expect(german[10].contains("Lucy ist dran"), "\(german[10])")
        #expect(german.joined().contains("Tester (du)"))
        #expect(german.first { $0.contains("Lucy") }?.contains("0 Siege") == true)
        #expect(german[0].contains("Runde 1") && german[0].contains("normal"))
        #expect(german[23].contains("[Enter] aufdecken") && german[23].contains("[Leertaste] Snap!"), "\(german[23])")
        #expect(german[23].contains("[q] beenden"), "the last key hint is not cut: \(german[23])")
        // The cards and counts are where they were: only the words changed.
        #expect(english[4] == german[4] && english[6] == german[6])
        expectFits(german)
    }

    @Test func theTableInJapaneseFitsByTerminalWidth() throws {
        let lines = render(try TableFixtures.match(), in: Self.japanese) {
            $0.cues = ["ラウンド1：あなたから"]
            $0.hint = Self.japanese.text("notice.connectionLost", ["name": "Lucy"])
            $0.roundTimeLeft = .seconds(125)
        }
        #expect(lines[10].contains("Lucyの番です"), "\(lines[10])")
        #expect(lines[0].contains("ラウンド1 · 残り2:05"), "\(lines[0])")
        #expect(lines.joined().contains("Tester（あなた）"))
        #expect(lines[23].contains("[Enter] めくる") && lines[23].contains("[q] 終了"), "\(lines[23])")
        // The notice is wrapped onto a second line, not cut.
        #expect(lines[12].contains("Lucyの接続が切れました"), "\(lines[12])")
        #expect(lines[13].contains("おきます。"), "\(lines[13])")
        expectFits(lines)
    }

    @Test(arguments: [TerminalLanguageTests.german, TerminalLanguageTests.japanese])
    func aVerdictIsSaidInTheLanguage(texts: TerminalTexts) throws {
        let lines = render(try TableFixtures.afterCalls(), in: texts)
        let expected = texts.language == .german ? "*** Paar! Ray bekommt die Karten ***" : "*** ペア！ Rayがカードをもらいます ***"
        #expect(lines[10].contains(expected), "\(lines[10])")
        let tooLate = texts.text("bubble.tooLate")
        #expect(lines.contains { $0.contains("«Snap!» " + tooLate) }, "Steve called too late")
        expectFits(lines)

        let wrong = render(try TableFixtures.wrongCall(), in: texts)
        #expect(wrong[10].contains(texts.text("status.mustPay.you")), "\(wrong[10])")
        expectFits(wrong)
    }

    @Test(arguments: [TerminalLanguageTests.german, TerminalLanguageTests.japanese])
    func theWinnerIsSaidToTheViewerInTheLanguage(texts: TerminalTexts) {
        var view = TableFixtures.handMadeView()
        view.phase = .roundOver(winner: .bottom)
        let lines = TableScreen(view: view, texts: texts).render()
        #expect(lines[10].contains("** " + texts.text("status.winner.you") + " **"), "\(lines[10])")
        #expect(lines[11].contains(texts.text("terminal.pressNextRound")))
        view.phase = .roundOver(winner: .top)
        let lucy = TableScreen(view: view, texts: texts).render()
        #expect(lucy[10].contains(texts.text("status.winner", ["name": "Lucy"])), "\(lucy[10])")
    }

    /// The help for a host, who has the most keys, whole in its box at 80×24: wrapped, never cut, in every language.
    @Test(arguments: Language.allCases)
    func theHelpFitsWholeInEveryLanguage(language: Language) throws {
        let texts = try TerminalTexts.load(language)
        var screen = TableScreen(view: try TableFixtures.match().view(for: .bottom), overlay: .help, texts: texts)
        screen.betweenRoundKeys = TableScreen.hostBetweenRoundKeys(texts)
        let help = screen.helpLines
        #expect(help.count + 2 <= 23, "\(language.tag): \(help.count) lines, and the title bar stays visible")
        #expect(help.allSatisfy { $0.terminalWidth <= TableScreen.helpTextWidth }, "\(help)")
        #expect(!help.joined().contains("…"), "nothing cut")
        let lines = screen.render()
        expectFits(lines)
        let top = try #require(lines.firstIndex { $0.contains("╭") && $0.contains(texts.text("terminal.help.title")) })
        #expect(top >= 1, "the title bar stays visible")
        for line in help where !line.isEmpty {
            #expect(lines.contains { $0.contains(line.trimmingCharacters(in: .whitespaces)) }, "not drawn: \(line)")
        }
        let left = try #require(Array(lines[top]).firstIndex(of: "╭"))
        let bottom = try #require(lines.lastIndex { $0.contains("╰") })
        for row in top + 1..<bottom {
            // Columns, not characters: the right border is the box's width less one on from the left one.
            let prefix = String(lines[row].prefix(left))
            let inside = String(lines[row].dropFirst(left))
            #expect(prefix.terminalWidth == left && inside.first == "│", "\(lines[row])")
            #expect(String(String(inside.dropFirst()).prefix { $0 != "│" }).terminalWidth == TableScreen.helpBoxWidth - 2, "\(language.tag): \(lines[row])")
        }
    }

    @Test func theHelpInGermanAndJapanese() throws {
        let view = try TableFixtures.match().view(for: .bottom)
        let german = TableScreen(view: view, overlay: .help, texts: Self.german).render().joined(separator: "\n")
        for expected in ["Hilfe", "Tasten", "Enter oder t", "Leertaste oder s", "Regeln", "52", "Pause · beliebige Taste schließt"] {
            #expect(german.contains(expected), "the German help lacks \(expected)")
        }
        let japanese = TableScreen(view: view, overlay: .help, texts: Self.japanese).render().joined(separator: "\n")
        for expected in ["ヘルプ", "キー", "Enter か t", "ルール", "一時停止中・何かキーで閉じる"] {
            #expect(japanese.contains(expected), "the Japanese help lacks \(expected)")
        }
    }

    @Test(arguments: [TerminalLanguageTests.german, TerminalLanguageTests.japanese])
    func theQuitPromptInTheLanguage(texts: TerminalTexts) throws {
        var screen = TableScreen(view: try TableFixtures.match().view(for: .bottom), overlay: .quitPrompt, texts: texts)
        var lines = screen.render()
        let question = texts.language == .german ? "Spiel beenden? (j/n)" : "終了しますか？ (y/n)"
        #expect(lines[9].contains(question), "\(lines[9])")
        #expect(lines[11].contains(texts.text("terminal.quit.paused")))
        expectFits(lines)
        screen.overlayPauses = false
        lines = screen.render()
        #expect(lines[11].contains(texts.text("terminal.quit.goesOn")))
        // The box is wide enough for its words: its borders frame the longer line.
        let row = lines[11]
        #expect(row.filter { $0 == "│" }.count == 2, "\(row)")
        expectFits(lines)
    }

    @Test func aGermanPlayerQuitsWithJ() {
        var session = SoloSession(name: "Tester", seed: 1, speed: 1, difficulty: .normal, texts: Self.german)
        session.start(at: .zero)
        _ = session.handle(.character("q"), at: .zero)
        #expect(session.handle(.character("j"), at: .zero) == .quit(0))
        var english = SoloSession(name: "Tester", seed: 1, speed: 1, difficulty: .normal)
        english.start(at: .zero)
        _ = english.handle(.character("q"), at: .zero)
        #expect(english.handle(.character("j"), at: .zero) == .play, "j is not yes in English")
        #expect(english.handle(.character("y"), at: .zero) == .quit(0))
    }

    @Test func theSummaryAndHintsAreSaidInTheLanguage() {
        var session = SoloSession(name: "Tester", seed: 3, speed: 1, difficulty: .normal, texts: Self.german)
        session.start(at: .zero)
        _ = session.handle(.character("n"), at: .zero)
        #expect(session.hint?.text == "Die Runde läuft noch.")
        #expect(session.summary.hasPrefix("Danke fürs Mitspielen bei Snap! 1 Runde gespielt (Seed 3).\nGewonnene Runden: Tester 0, "))
        let japanese = SoloSession(name: "Tester", seed: 3, speed: 1, difficulty: .normal, texts: Self.japanese)
        #expect(japanese.summary.contains("（シード 3）"))
    }

    @Test func movementCuesSaySentencesWithYou() {
        let view = TableFixtures.handMadeView()
        let german = { MovementCues.describe($0, before: view, in: Self.german) }
        #expect(german([.cardPaid(from: .top, to: .bottom)]) == ["Lucy gibt dir eine Karte"])
        #expect(german([.cardPaid(from: .bottom, to: .right)]) == ["Du gibst Steve eine Karte"])
        #expect(german([.cardPaid(from: .top, to: .right), .cardPaid(from: .top, to: .bottom)]) == ["Lucy gibt Steve und dir je eine Karte"])
        #expect(german([.pileCollected(from: .right, to: .bottom, count: 7)]) == ["Du bekommst 7 Karten von Steve"])
        #expect(german([.playerOut(.bottom)]) == ["Du bist raus"])
        let japanese = MovementCues.describe([.pileCollected(from: .bottom, to: .top, count: 1)], before: view, in: Self.japanese)
        #expect(japanese == ["Lucyがあなたから1枚もらう"])
    }

    @Test func theSettingsSummaryIsLocalized() {
        let quick = TableSettings(roundLength: .quick(.seconds(300)), turnTime: .seconds(8))
        #expect(quick.summary(in: .english) == quick.summary)
        #expect(quick.summary(in: Self.german) == "Schnelle Runde: 5 Min. · 8 s pro Zug")
        #expect(TableSettings().summary(in: Self.japanese) == "クラシック · 持ち時間なし")
    }

    @Test func aTooSmallTerminalIsToldInItsLanguage() throws {
        let lines = render(try TableFixtures.match(), in: Self.japanese) { $0.size = TerminalSize(columns: 40, rows: 10) }
        #expect(lines.contains { $0.contains("今は 40×10 です。") })
        #expect(lines.allSatisfy { $0.terminalWidth <= 40 })
    }
}
