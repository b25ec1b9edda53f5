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
        #expect(line(containing: "Lucy", in: lines)?.contains("won 0") == true)
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

    @Test func framesMatchingCardsDoubly() throws {
        let lines = render(try TableFixtures.match())
        #expect(lines[3].contains("╔═══╗"), "Lucy's 6♦ matches")
        #expect(lines[15].contains("╔═══╗"), "Tester's 6♣ matches")
        #expect(!lines[9].contains("╔"), "Ray and Steve do not match")
    }

    @Test func marksTheActivePlayer() throws {
        let lines = render(try TableFixtures.match())
        #expect(line(containing: "▶ Lucy", in: lines) != nil)
        #expect(lines.filter { $0.contains("▶") }.count == 1)
    }

    @Test func showsTheStatusLineInTheCentre() throws {
        #expect(render(try TableFixtures.match())[10].contains("*** Match! ***"))
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
        #expect(lines[8].contains("Ray  won 1  out"))
        #expect(lines[8].contains("Steve  won 3"))
        #expect(!lines[8].contains("Steve  won 3  out"))
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

    @Test func titleBarShowsRoundAndSeed() throws {
        let title = render(try TableFixtures.match())[0]
        #expect(title.contains("Snap!"))
        #expect(title.contains("Round 1"))
        #expect(title.contains("seed 1 · normal"))
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

    @Test func quitOverlayAsks() throws {
        let lines = render(try TableFixtures.match()) { $0.overlay = .quitPrompt }
        #expect(lines.contains { $0.contains("Quit? (y/n)") })
    }

    @Test func roundOverOffersTheNextRound() {
        var view = TableFixtures.handMadeView()
        view.phase = .roundOver(winner: .top)
        let lines = TableScreen(view: view).render()
        #expect(lines[10].contains("** Winner: Lucy **"))
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
        #expect(lines[3 + 10].contains("*** Match! ***"))
    }

    @Test func longNamesStayOnScreen() {
        var view = TableFixtures.handMadeView()
        view[.right]!.info.name = "Maximilian Anderssen"
        view.phase = .roundOver(winner: .right)
        let lines = TableScreen(view: view).render()
        #expect(lines.allSatisfy { $0.terminalWidth <= 80 })
        #expect(lines[8].hasSuffix("Maximilian Anderssen  won 3"))
        #expect(lines[10].contains("** Winner: Maximilian Anderssen **"))
    }
}
