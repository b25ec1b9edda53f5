import SnapCore
import Testing

@testable import SnapTerminal

@Suite struct TableScreenTests {
    private func render(_ table: Table, _ configure: (inout TableScreen) -> Void = { _ in }) -> [String] {
        var screen = TableScreen(view: table.view(for: .bottom), seed: 1, difficulty: .normal)
        configure(&screen)
        return screen.render()
    }

    private func line(containing text: String, in lines: [String]) -> String? {
        lines.first { $0.contains(text) }
    }

    @Test func framesFitEightyByTwentyFour() throws {
        let lines = render(try TableFixtures.afterCalls()) {
            $0.cues = ["a", "b", "c", "d"]; $0.hint = "hint"
        }
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.terminalWidth <= 80 })
    }

    @Test func showsEverySeatWithNameGamesWonAndCounts() throws {
        let lines = render(try TableFixtures.match())
        let text = lines.joined(separator: "\n")
        for name in ["Ray", "Lucy", "Steve", "Tester (you)"] {
            #expect(text.contains(name), "missing \(name)")
        }
        #expect(line(containing: "Lucy", in: lines)?.contains("0 wins") == true)
        // Lucy (top) turned 3 cards of her 13: 10 closed, 3 open; the counts line sits under her piles.
        let topCounts = lines[6].split(separator: " ")
        #expect(topCounts == ["10", "3"])
        // Ray and Steve share the counts line of the left and right seats.
        #expect(lines[12].split(separator: " ") == ["11", "2", "11", "2"])
    }

    @Test func showsTopOpenCardsWithRankAndSuit() throws {
        let lines = render(try TableFixtures.match())
        #expect(lines[4].contains("│6♦ │") || lines[4].contains("║6♦ ║"))
        #expect(lines[16].contains("6♣"))
    }

    /// Spotting a match is the game: until someone calls and the call is judged, matching cards look like any.
    @Test func saysNothingAboutAMatchNobodyHasCalled() throws {
        let lines = render(try TableFixtures.match())
        #expect(!lines.joined().contains("╔"), "no card is framed doubly")
        #expect(!lines.joined().contains("Match"))
        #expect(lines[10].contains("Lucy's turn"), "the turn it is: \(lines[10])")
        let coloured = render(try TableFixtures.match()) { $0.colour = true }.joined()
        #expect(!coloured.contains("╔") && !coloured.contains("Match"))
    }

    @Test func framesMatchingCardsDoublyOnceACorrectCallIsJudged() throws {
        let lines = render(try TableFixtures.afterCalls())
        #expect(lines[3].contains("╔═══╗"), "Lucy's 6♦ matches")
        #expect(lines[15].contains("╔═══╗"), "Tester's 6♣ matches")
        #expect(!lines[9].contains("╔"), "Ray and Steve do not match")
        #expect(lines[10].contains("*** Match! Ray receives cards ***"), "\(lines[10])")
    }

    @Test func aWrongCallShowsNoMatch() throws {
        let lines = render(try TableFixtures.wrongCall())
        #expect(!lines.joined().contains("╔") && !lines.joined().contains("Match"))
    }

    /// A watcher, and a replay (which shows the table from no seat), see the same: nothing before the verdict.
    @Test func aWatcherSeesNoMatchBeforeTheVerdictEither() throws {
        let before = TableScreen(view: try TableFixtures.match().view(for: nil)).render().joined()
        #expect(!before.contains("╔") && !before.contains("Match"))
        let after = TableScreen(view: try TableFixtures.afterCalls().view(for: nil)).render().joined()
        #expect(after.contains("╔═══╗") && after.contains("*** Match! Ray receives cards ***"))
    }

    @Test func marksTheActivePlayer() throws {
        let lines = render(try TableFixtures.match())
        #expect(line(containing: "▶ Lucy", in: lines) != nil)
        #expect(lines.filter { $0.contains("▶") }.count == 1)
    }

    @Test func showsTheStatusLineInTheCentre() throws {
        #expect(render(try TableFixtures.match())[10].contains("Lucy's turn"))
        #expect(render(try TableFixtures.table(turns: 1))[10].contains("Ray's turn") == false)
        #expect(render(try TableFixtures.table(turns: 2))[10].contains("Steve's turn"))
        #expect(render(try TableFixtures.table(turns: 0))[10].contains("Lucy's turn"))
        #expect(render(try TableFixtures.afterCalls())[10].contains("Ray receives cards"))
        #expect(render(try TableFixtures.wrongCall())[10].contains("You must pay"))
    }

    @Test func asksForEnterOnYourTurn() throws {
        var table = try TableFixtures.table(turns: 2)
        var generator = SplitMix64(seed: 1)
        _ = try table.perform(.advance(.activateNext), using: &generator)
        #expect(table.activeSeat == .bottom)
        #expect(render(table)[10].contains("Your turn: press Enter"))
    }

    /// In the half-second between the viewer's turned card and the next player, the line says who is next, by the
    /// table's own rule, rather than still asking for Enter.
    @Test func saysWhoIsNextOnceYouHaveTurned() throws {
        var table = try TableFixtures.table(turns: 2)
        var generator = SplitMix64(seed: 1)
        _ = try table.perform(.advance(.activateNext), using: &generator)
        _ = try table.perform(.turnCard(.bottom), using: &generator)
        #expect(table.activeSeat == .bottom && table.hasTurned)
        let lines = render(table)
        #expect(lines[10].contains("Ray is next"), "\(lines[10])")
        #expect(!lines.joined().contains("Your turn"))
        // Whom the table then activates.
        let events = try table.perform(.advance(.activateNext), using: &generator)
        #expect(events.contains(.activated(.left)))
    }

    @Test func whoIsNextSkipsAPlayerWhoCannotPlay() {
        var view = TableFixtures.handMadeView()
        // Ray (left) is out; Lucy (top) is active in the fixture: make it the viewer's turn, turned.
        view.active = .bottom
        view.hasTurned = true
        let lines = TableScreen(view: view).render()
        #expect(view.nextToTurn == .top)
        #expect(lines[10].contains("Lucy is next"), "\(lines[10])")
    }

    @Test func showsVerdictMarksByTheCallers() throws {
        let lines = render(try TableFixtures.afterCalls())
        // Ray (left) was first and right; Steve (right) was too late. Their bubbles sit under their piles.
        let bubbles = lines[13]
        #expect(bubbles.hasPrefix("  «Snap!» ☺"))
        #expect(bubbles.hasSuffix("«Snap!» too late"))
        #expect(!lines.joined().contains("✗"))
    }

    @Test func showsAWrongCallWithACross() throws {
        let lines = render(try TableFixtures.wrongCall())
        #expect(lines[16].contains("«Snap!» ✗"))
    }

    @Test func marksPlayersWhoAreOut() {
        let lines = TableScreen(view: TableFixtures.handMadeView()).render()
        #expect(lines[8].contains("Ray  1 win  out"))
        #expect(lines[8].contains("Steve  3 wins"))
        #expect(!lines[8].contains("Steve  3 wins  out"))
        #expect(lines[9].hasPrefix("  ┌┄┄┄┐ ┌┄┄┄┐"), "an out player has empty places")
    }

    @Test func keepsSuitsApartWithoutColour() {
        let text = TableScreen(view: TableFixtures.handMadeView(), colour: false).render().joined()
        for symbol in ["10♥", "Q♦", "9♠"] {
            #expect(text.contains(symbol))
        }
    }

    @Test func noColourMeansNoEscapeCodes() throws {
        let table = try TableFixtures.afterCalls()
        for overlay in [TableScreen.Overlay.none, .help, .quitPrompt] {
            let plain = render(table) {
                $0.overlay = overlay; $0.hint = "x"; $0.cues = ["y"]
            }
            #expect(!plain.joined().contains("\u{1B}"))
        }
        let coloured = render(table) { $0.colour = true }
        #expect(coloured.joined().contains("\u{1B}["))
    }

    @Test func colourPrintsRedSuitsInRed() {
        let lines = TableScreen(view: TableFixtures.handMadeView(), colour: true).render()
        let bottomCard = lines[16]
        #expect(bottomCard.contains("\u{1B}[0;1;31;47m10♥"))
        #expect(lines[16].terminalWidthIgnoringEscapes <= 80)
    }

    /// The seed is for replaying, not for playing: the title bar shows the round, its clock and the difficulty.
    @Test func titleBarShowsRoundAndDifficultyButNotTheSeed() throws {
        let title = render(try TableFixtures.match())[0]
        #expect(title.contains("Snap!"))
        #expect(title.contains("Round 1"))
        #expect(title.hasSuffix("normal"))
        #expect(!title.contains("seed"))
        let quick = render(try TableFixtures.match()) { $0.seed = 6_926_113_452_881_145_219; $0.roundTimeLeft = .seconds(180) }[0]
        #expect(quick.contains("Round 1 · 3:00 left "), "\(quick)")
        #expect(!quick.contains("6926"))
    }

    @Test func keyHintLineAtTheBottom() throws {
        let last = render(try TableFixtures.match())[23]
        for key in ["[Enter] turn", "[Space] Snap!", "[n] next round", "[?] help", "[q] quit"] {
            #expect(last.contains(key))
        }
    }

    @Test func showsTheLastThreeCuesAboveTheKeys() throws {
        let lines = render(try TableFixtures.match()) { $0.cues = ["one", "two", "three", "four"] }
        #expect(lines[20].hasSuffix("two"))
        #expect(lines[21].hasSuffix("three"))
        #expect(lines[22].hasSuffix("four"))
        #expect(!lines.joined().contains("one"))
    }

    /// Between rounds a host's banner (the table's code and links) stays under the table; the cues take the rows
    /// left under it rather than being drawn over it.
    @Test func cuesNeverOverwriteTheBanner() throws {
        let banner = ["Table KXPT · 3 of 4 seated", "Join: http://192.0.2.2:8080/?t=KXPT", "c adds a computer"]
        let lines = render(try TableFixtures.match()) { $0.banner = banner; $0.cues = ["one", "two", "three"] }
        for (offset, line) in banner.enumerated() { #expect(lines[19 + offset].contains(line), "\(lines[19 + offset])") }
        #expect(lines[22].hasSuffix("three"))
        #expect(!lines.joined().contains("· two"))
        let two = render(try TableFixtures.match()) { $0.banner = Array(banner.prefix(2)); $0.cues = ["one", "two", "three"] }
        #expect(two[20].contains(banner[1]))
        #expect(two[21].hasSuffix("two") && two[22].hasSuffix("three"))
    }

    @Test func showsAHint() throws {
        let lines = render(try TableFixtures.match()) { $0.hint = TableError.notYourTurn.description }
        #expect(lines[12].contains("It is not your turn."))
    }

    @Test func helpOverlayListsKeysAndRules() throws {
        let lines = render(try TableFixtures.match()) { $0.overlay = .help }
        let text = lines.joined(separator: "\n")
        for expected in ["Help", "Enter or t", "Space or s", "call Snap!", "next round", "quit", "Rules", "52 cards"] {
            #expect(text.contains(expected), "help lacks \(expected)")
        }
        #expect(lines[0].contains("paused"))
        #expect(lines.count == 24 && lines.allSatisfy { $0.terminalWidth <= 80 })
    }

    /// Every line of the help stays inside its box at 80×24, for a guest, a single player and a host (who has the
    /// most keys), and the box fits under the title bar.
    @Test(arguments: [[], TableScreen.soloBetweenRoundKeys(.english), TableScreen.hostBetweenRoundKeys(.english)])
    func helpFitsItsBoxAtEightyByTwentyFour(keys: [TableScreen.KeyHint]) throws {
        let screen = { (size: TerminalSize) in
            var screen = TableScreen(view: try TableFixtures.match().view(for: .bottom), size: size, overlay: .help)
            screen.betweenRoundKeys = keys
            return screen
        }
        let lines = try screen(TableScreen.minimumSize).render()
        #expect(try screen(TableScreen.minimumSize).helpLines.allSatisfy { $0.terminalWidth <= TableScreen.helpTextWidth })
        let top = try #require(lines.firstIndex { $0.contains("╭") && $0.contains("Help") })
        let bottom = try #require(lines.lastIndex { $0.contains("╰") })
        #expect(top >= 1, "the title bar stays visible")
        let left = try #require(Array(lines[top]).firstIndex(of: "╭"))
        let right = TableScreen.helpBoxWidth - 1
        for row in top + 1..<bottom {
            let characters = Array(lines[row])
            // The box's left border sits at the same column on every row, its right border the box's width on.
            #expect(characters.count > left + right && characters[left] == "│" && characters[left + right] == "│", "\(lines[row])")
        }
        for key in keys { #expect(lines.contains { $0.contains("  \(key.key) ") && $0.contains(key.label) }) }
    }

    @Test func soloHelpHasNoHostKeys() throws {
        var screen = TableScreen(view: try TableFixtures.match().view(for: .bottom), overlay: .help)
        screen.betweenRoundKeys = TableScreen.soloBetweenRoundKeys(.english)
        let text = screen.render().joined(separator: "\n")
        #expect(!text.contains("QR code"))
        #expect(!text.contains("computer player"))
        #expect(text.contains("change the round's length"))
    }

    @Test func aNetworkedTableIsNotPausedByAnOverlay() throws {
        let lines = render(try TableFixtures.match()) { $0.overlay = .quitPrompt; $0.overlayPauses = false }
        #expect(!lines[0].contains("paused"))
        #expect(!lines.joined().contains("The game is paused."))
        #expect(lines.contains { $0.contains("The round goes on meanwhile.") })
    }

    @Test func quitOverlayAsks() throws {
        let lines = render(try TableFixtures.match()) { $0.overlay = .quitPrompt }
        #expect(lines.contains { $0.contains("Quit? (y/n)") })
    }

    @Test func roundOverOffersTheNextRound() {
        var view = TableFixtures.handMadeView()
        view.phase = .roundOver(winner: .top)
        let lines = TableScreen(view: view).render()
        #expect(lines[10].contains("** Lucy wins the round! **"))
        #expect(lines[11].contains("Press n for the next round"))
        #expect(!lines.contains { $0.contains("▶") })
    }

    @Test func dealAnimationCountsTheCardsUp() throws {
        var generator = SplitMix64(seed: 1)
        var table = Table.singlePlayer(TableFixtures.person)
        _ = try table.perform(.startRound(by: .bottom), using: &generator)
        let start = render(table) { $0.dealProgress = 0 }
        #expect(start[6].split(separator: " ") == ["0", "0"])
        #expect(start[10].contains("Dealing…"))
        let half = render(table) { $0.dealProgress = 0.5 }
        let topClosed = Int(half[6].split(separator: " ")[0])!
        #expect((6...7).contains(topClosed))
        let done = render(table) { $0.dealProgress = 1 }
        #expect(done[6].split(separator: " ") == ["13", "0"])
    }

    @Test func asksForABiggerTerminalWhenTooSmall() throws {
        let lines = render(try TableFixtures.match()) { $0.size = TerminalSize(columns: 60, rows: 20) }
        #expect(lines.count == 20)
        #expect(lines.contains { $0.contains("Make the terminal at least 80×24.") })
        #expect(lines.contains { $0.contains("It is 60×20 now.") })
        #expect(lines.allSatisfy { $0.terminalWidth <= 60 })
        #expect(!lines.joined().contains("Lucy"))
    }

    @Test func centresTheFrameInALargerTerminal() throws {
        let lines = render(try TableFixtures.match()) { $0.size = TerminalSize(columns: 100, rows: 30) }
        #expect(lines.count == 30)
        #expect(lines[3].hasPrefix(String(repeating: " ", count: 10) + " Snap!"))
        #expect(lines[3 + 10].contains("Lucy's turn"))
    }

    @Test func longNamesStayOnScreen() {
        var view = TableFixtures.handMadeView()
        view[.right]!.info.name = "Maximilian Anderssen"
        view.phase = .roundOver(winner: .right)
        let lines = TableScreen(view: view).render()
        #expect(lines.allSatisfy { $0.terminalWidth <= 80 })
        #expect(lines[8].hasSuffix("Maximilian Anderssen  3 wins"))
        #expect(lines[10].contains("** Maximilian Anderssen wins the round! **"))
    }
}
