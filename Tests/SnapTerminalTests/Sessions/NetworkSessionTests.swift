@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapLAN
import Testing

@testable import SnapTerminal

@Suite struct NetworkSessionTests {
    /// A two-player table as the guest (top) or the host (bottom) sees it, before the round.
    func waitingView(viewer: Seat) throws -> PlayerView {
        try twoPlayers().view(for: viewer)
    }

    /// Ann and Bob at a table, before the round.
    func twoPlayers() throws -> Table {
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("ann"), name: "Ann"))
        _ = try table.join(PlayerInfo(id: PlayerID("bob"), name: "Bob"))
        return table
    }

    func seated(_ viewer: Seat) throws -> NetworkSession {
        var session = NetworkSession(addresses: ["192.0.2.2:8080"])
        session.apply(.joined(code: "KXPT", seat: viewer), at: .zero)
        session.apply(.snapshot(try waitingView(viewer: viewer)), at: .zero)
        return session
    }

    @Test func theHostStartsTheRoundWithEnterAndAddsComputerPlayersWithC() throws {
        var session = try seated(.bottom)
        #expect(session.isHost)
        #expect(session.waitingBanner.first == "Table KXPT  ·  2 of 4 seated  ·  Classic round · no turn timer")
        #expect(session.waitingBanner[1] == "Join: http://192.0.2.2:8080/?t=KXPT · snap join ws://192.0.2.2:8080")
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(screen.contains { $0.contains("Join: http://192.0.2.2:8080/?t=KXPT · snap join ws://192.0.2.2:8080") })
        // The longest IPv4 address and port still fit the banner's 76 columns.
        var longest = NetworkSession(addresses: ["255.255.255.255:65535"])
        longest.apply(.joined(code: "KXPT", seat: .bottom), at: .zero)
        longest.apply(.snapshot(try waitingView(viewer: .bottom)), at: .zero)
        #expect(longest.waitingBanner.allSatisfy { $0.count <= 76 }, "\(longest.waitingBanner)")
        #expect(!screen.contains { $0.contains("Round 1") }, "no round before the first is started")
        _ = session.handle(.enter, at: .zero)
        _ = session.handle(.character("c"), at: .zero)
        #expect(session.takeRequests() == [.startRound, .addComputer])
        #expect(session.takeRequests().isEmpty)
    }

    @Test func theHostShowsAQRCodeOfTheJoinLinkWithI() throws {
        guard QREncoder.shared != nil else { return }  // without libqrencode, the link alone (below)
        var session = try seated(.bottom)
        _ = session.handle(.character("i"), at: .zero)
        guard case .invite(let link, let qr) = session.overlay else {
            Issue.record("i should show the invitation, not \(session.overlay)")
            return
        }
        #expect(link == "http://192.0.2.2:8080/?t=KXPT")
        #expect(qr == (try QRCode.encoding(link)).halfBlockLines(colour: false))
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(screen.contains { $0.contains("Scan to join") })
        #expect(screen.contains { $0.contains(link) })
        _ = session.handle(.character("x"), at: .zero)
        #expect(session.overlay == .none, "any key closes it")
    }

    @Test func aGuestHasNoQRCodeToShow() throws {
        var session = NetworkSession()
        session.apply(.joined(code: "KXPT", seat: .top), at: .zero)
        session.apply(.snapshot(try waitingView(viewer: .top)), at: .zero)
        _ = session.handle(.character("i"), at: .zero)
        #expect(session.overlay == .none)
    }

    @Test func aGuestWaitsForTheHost() throws {
        var session = try seated(.top)
        #expect(!session.isHost)
        _ = session.handle(.enter, at: .zero)
        _ = session.handle(.character("c"), at: .zero)
        #expect(session.takeRequests().isEmpty)
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero))
        #expect(screen.hint == "Only the host adds computer players.")
    }

    @Test func duringARoundKeysTurnAndCall() throws {
        var session = try seated(.top)
        var table = try twoPlayers()
        var generator = SplitMix64(seed: 1)
        let before = table.view(for: .top)
        let events = try table.startRound(by: .bottom, using: &generator)
        session.apply(.table(table.view(for: .top), events: events), at: .zero)
        #expect(session.view?.phase == .dealing)
        _ = session.handle(.enter, at: .zero)
        _ = session.handle(.space, at: .zero)
        #expect(session.takeRequests() == [.turnCard, .callSnap(reaction: nil)])
        #expect(before.phase == .waiting)
    }

    /// The key that turns does not start a round after one: an Enter meant for the last card would otherwise start
    /// the next round before anyone saw who won. n does; in the waiting room, before any round, Enter still does.
    @Test func enterDoesNotStartTheNextRoundButNDoes() throws {
        var session = try seated(.bottom)
        var view = try waitingView(viewer: .bottom)
        view.phase = .roundOver(winner: .top)
        view.round = 1
        session.apply(.snapshot(view), at: .zero)
        #expect(session.waitingBanner.last?.hasPrefix("n starts the next round") == true, "\(session.waitingBanner)")
        let over = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(over.contains { $0.contains("Press n for the next round") }, "\(over.joined(separator: "\n"))")
        #expect(over.contains { $0.contains("n starts the next round") })
        _ = session.handle(.enter, at: .zero)
        #expect(session.takeRequests().isEmpty)
        let lines = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(lines[10].contains("** Bob wins the round! **"))
        #expect(lines.contains { $0.contains("The round is over: press n for the next one.") })
        #expect(lines[0].contains("Round 1") && !lines[0].contains("Round 2"), "\(lines[0])")
        _ = session.handle(.character("n"), at: .zero)
        #expect(session.takeRequests() == [.startRound])
    }

    /// Nothing on a player's screen, nor on a watcher's, gives a match away before a call is judged: the matching
    /// cards look like any. Once a correct call is judged, they are framed doubly and the word comes, for everyone.
    @Test func aMatchIsShownOnlyOnceACallIsJudged() throws {
        var table = try twoPlayers()
        var generator = SplitMix64(seed: 6)
        var ann = try seated(.bottom)
        var watcher = NetworkSession(watching: true)
        watcher.apply(.watching(code: "KXPT"), at: .zero)
        watcher.apply(.snapshot(table.view(for: nil)), at: .zero)
        var time = Duration.zero
        func send(_ events: [TableEvent]) {
            time += .milliseconds(500)
            ann.apply(.table(table.view(for: .bottom), events: events), at: time)
            watcher.apply(.table(table.view(for: nil), events: events), at: time)
        }
        func screens() throws -> [(who: String, text: String)] {
            [
                ("Ann", try #require(ann.screen(size: TableScreen.minimumSize, colour: false, at: time)).render().joined(separator: "\n")),
                ("the watcher", try #require(watcher.screen(size: TableScreen.minimumSize, colour: false, at: time)).render().joined(separator: "\n")),
            ]
        }
        send(try table.startRound(by: .bottom, using: &generator))
        send(try table.advance(.finishDeal))
        // Turn, whoever is active, until two top cards match; a match stays until someone calls.
        var turns = 0
        while table.view(for: nil).matchingSeats.isEmpty, turns < 200 {
            send(try table.turnCard(by: try #require(table.activeSeat)))
            if table.view(for: nil).matchingSeats.isEmpty { send(try table.advance(.activateNext)) }
            turns += 1
        }
        let matching = table.view(for: nil).matchingSeats
        try #require(matching.count >= 2, "a match came up within \(turns) turns")
        let top = try #require(table.view(for: nil)[matching[0]]?.topOpen).description
        for (who, screen) in try screens() {
            #expect(screen.contains(top), "\(who) sees the match, \(top), on the table:\n\(screen)")
            #expect(!screen.contains("╔") && !screen.contains("Match"), "\(who) sees the match given away:\n\(screen)")
        }

        // Bob calls: judged correct, the cards are framed doubly and the word comes, for everyone.
        send(try table.callSnap(by: .top))
        for (who, screen) in try screens() {
            #expect(screen.contains("«Snap!» ☺"), "\(who):\n\(screen)")
            #expect(screen.contains("╔═══╗") && screen.contains("*** Match! Bob receives cards ***"), "\(who):\n\(screen)")
        }
    }

    @Test func aSecondEnterAfterTurningIsNotSent() throws {
        var session = try seated(.bottom)
        var view = try waitingView(viewer: .bottom)
        view.phase = .playing
        view.active = .bottom
        view.hasTurned = true
        view[.bottom]!.closedCount = 20
        view[.top]!.closedCount = 20
        session.apply(.snapshot(view), at: .zero)
        _ = session.handle(.enter, at: .zero)
        #expect(session.takeRequests().isEmpty)
        let lines = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(lines[10].contains("Bob is next"), "\(lines[10])")
    }

    @Test func aCallSaysHowLongAfterTheCardWasDrawnItCameAndTheMarginIsShown() throws {
        var session = try seated(.top)
        var table = try twoPlayers()
        var generator = SplitMix64(seed: 1)
        var events = try table.startRound(by: .bottom, using: &generator)
        events += try table.advance(.finishDeal)
        session.apply(.table(table.view(for: .top), events: events), at: .seconds(2))
        let active = try #require(table.activeSeat)
        let turned = try table.turnCard(by: active)
        session.apply(.table(table.view(for: .top), events: turned), at: .milliseconds(3_000))
        _ = session.handle(.space, at: .milliseconds(3_312))
        #expect(session.takeRequests() == [.callSnap(reaction: .milliseconds(312))])

        let called = try table.callSnap(by: .top) + [.callTimed(.top, reaction: .milliseconds(300), margin: .milliseconds(12))]
        session.apply(.table(table.view(for: .top), events: called), at: .milliseconds(3_400))
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .milliseconds(3_500)))
        #expect(screen.hint == "Snap! — You, by 12 ms")
        // It stays while the cards move, however long that takes, and goes with the next turned card.
        #expect(session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(60))?.hint == "Snap! — You, by 12 ms")
        let next = try #require(table.view(for: .top).seats[Int(active.rawValue)]?.open.last)
        session.apply(.table(table.view(for: .top), events: [.cardTurned(active, next)]), at: .seconds(61))
        #expect(session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(61))?.hint == nil)
        var view = table.view(for: .bottom)
        view.apply(called)
        #expect(CallMargin.text(for: called.last!, in: view) == "Snap! — Bob, by 12 ms")
        #expect(CallMargin.text(for: .callTimed(.top, reaction: .zero, margin: .microseconds(400)), in: view) == "Snap! — Bob, by <1 ms")
        #expect(CallMargin.text(for: .callTimed(.top, reaction: .zero, margin: nil), in: view) == nil)
    }

    @Test func theHostChangesTheRoundWithRAndGuestsAreToldWhy() throws {
        var host = try seated(.bottom)
        _ = host.handle(.character("r"), at: .zero)
        #expect(host.takeRequests() == [.changeSettings(TableSettings().withNextRoundLength)])
        var guest = try seated(.top)
        _ = guest.handle(.character("r"), at: .zero)
        #expect(guest.takeRequests().isEmpty)
        #expect(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Only the host sets the round's length.")
    }

    @Test func theHostGivesHeadStartsWithTheSeatsNumberAndEveryoneSeesThem() throws {
        var host = try seated(.bottom)
        // 3 is the top seat (Bob): no head start, so the first of the choices.
        _ = host.handle(.character("3"), at: .zero)
        #expect(host.takeRequests() == [.setHeadStart(.milliseconds(100), for: .top)])
        // An empty seat (left) has nobody to give one to.
        _ = host.handle(.character("2"), at: .zero)
        #expect(host.takeRequests().isEmpty)
        #expect(TableSettings.nextHeadStart(after: .milliseconds(300)) == .milliseconds(500))
        #expect(TableSettings.nextHeadStart(after: .milliseconds(500)) == .zero)

        var guest = try seated(.top)
        _ = guest.handle(.character("1"), at: .zero)
        #expect(guest.takeRequests().isEmpty)
        #expect(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Only the host gives head starts.")
        var table = try twoPlayers()
        table.settings.setHeadStart(.milliseconds(200), for: .top)
        guest.apply(.table(table.view(for: .top), events: [.settingsChanged(table.settings)]), at: .zero)
        let screen = try #require(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(screen.contains { $0.contains("Bob (you)  +200 ms  0 wins") }, "\(screen)")
    }

    @Test func theHostRemovesAPlayerWithXThenTheirNumber() throws {
        var host = try seated(.bottom)
        _ = host.handle(.character("x"), at: .zero)
        #expect(host.overlay == .removePrompt(choices: "3 Bob"))
        let prompt = try #require(host.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(prompt.contains { $0.contains("Remove which player?") } && prompt.contains { $0.contains("3 Bob") }, "\(prompt)")
        // The host's own number and an empty seat remove nobody; any other key changes the host's mind.
        _ = host.handle(.escape, at: .zero)
        for key: Key in [.character("1"), .character("2"), .escape] {
            _ = host.handle(.character("x"), at: .zero)
            _ = host.handle(key, at: .zero)
            let requests = host.takeRequests()
            #expect(host.overlay == .none && requests.isEmpty, "\(key): \(requests)")
        }
        _ = host.handle(.character("x"), at: .zero)
        _ = host.handle(.character("3"), at: .zero)
        #expect(host.takeRequests() == [.removePlayer(.top)])

        var guest = try seated(.top)
        _ = guest.handle(.character("x"), at: .zero)
        #expect(guest.overlay == .none && guest.takeRequests().isEmpty)
        #expect(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Only the host can remove players.")
        // Removed: the game ends saying why.
        guest.apply(.refused(code: WireErrorCode.removedByHost.rawValue, message: "removed"), at: .zero)
        #expect(guest.ended == "The host removed you from the table. You can host or join another one.")
        #expect(guest.handle(.character("s"), at: .zero) == .quit(0))
    }

    @Test func theHostPlaysADealByItsCodeWithD() throws {
        var host = try seated(.bottom)
        _ = host.handle(.character("d"), at: .zero)
        #expect(host.overlay == .dealPrompt(typed: "", problem: nil))
        for key: Key in [.character("k"), .character("7"), .character("m"), .character("3")] { _ = host.handle(key, at: .zero) }
        _ = host.handle(.enter, at: .zero)
        let problem = "A deal code has 8 letters and digits, like K7M3-Q2PX (this has 4)."
        #expect(host.overlay == .dealPrompt(typed: "K7M3", problem: problem))
        let prompt = try #require(host.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(prompt.contains { $0.contains("Play which deal?") } && prompt.contains { $0.contains("K7M3_") }, "\(prompt)")
        #expect(prompt.contains { $0.contains(problem) }, "\(prompt)")
        #expect(host.takeRequests().isEmpty)
        // Backspace rubs out; a U is in no code; Escape gives up.
        _ = host.handle(.backspace, at: .zero)
        #expect(host.overlay == .dealPrompt(typed: "K7M", problem: nil))
        for character in "3-Q2PU" { _ = host.handle(.character(character), at: .zero) }
        _ = host.handle(.enter, at: .zero)
        guard case .dealPrompt(_, let refusal?) = host.overlay else { Issue.record("no refusal: \(host.overlay)"); return }
        #expect(refusal.contains("“U” is not in a deal code"))
        _ = host.handle(.escape, at: .zero)
        #expect(host.overlay == .none && host.takeRequests().isEmpty)
        // Typed whole, Enter starts the round with it.
        _ = host.handle(.character("d"), at: .zero)
        for character in "k7m3 q2px" { _ = host.handle(character == " " ? .space : .character(character), at: .zero) }
        _ = host.handle(.enter, at: .zero)
        #expect(host.overlay == .none)
        #expect(host.takeRequests() == [.startRoundWithDeal(try DealCode(parsing: "K7M3-Q2PX"))])

        // After a round, everyone sees its code, and the host's prompt starts from it.
        var table = try twoPlayers()
        var generator = SplitMix64(seed: 5)
        _ = try table.startRound(by: .bottom, using: &generator)
        let deal = try #require(table.deal)
        let events = try table.leave(.top)
        host.apply(.table(table.view(for: .bottom), events: events), at: .zero)
        let over = try #require(host.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(over.contains { $0.contains("Deal \(deal)  ·  Press n for the next round") }, "\(over)")
        _ = host.handle(.character("d"), at: .zero)
        #expect(host.overlay == .none, "nobody to play with: Bob left")

        var guest = try seated(.top)
        _ = guest.handle(.character("d"), at: .zero)
        #expect(guest.overlay == .none && guest.takeRequests().isEmpty)
        #expect(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Only the host starts the next round.")
    }

    @Test func fAsksEveryPlayersNetworkTimeAndShowsTheAnswersAsTheyCome() throws {
        var session = try seated(.top)
        _ = session.handle(.character("f"), at: .zero)
        #expect(session.takeRequests() == [.askNetworkTime(.bottom), .askNetworkTime(.top)])
        #expect(session.overlay == .networkTimes(["Ann: asking…", "Bob (you): asking…"]))
        session.apply(
            .networkTime(
                NetworkTime(
                    seat: .bottom, source: .measured, median: .microseconds(41_600), mostTakenOff: .milliseconds(62),
                    samples: 16)), at: .zero)
        session.apply(.networkTime(NetworkTime(seat: .top, source: .notYetMeasured)), at: .zero)
        #expect(
            session.overlay == .networkTimes([
                "Ann: 42 ms round trip · up to 62 ms taken off", "Bob (you): not measured yet",
            ]))
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(screen.contains { $0.contains("Network time") }, "\(screen)")
        #expect(screen.contains { $0.contains("Ann: 42 ms round trip · up to 62 ms taken off") }, "\(screen)")
        #expect(screen.contains { $0.contains("never more than 200 ms") }, "\(screen)")
        // Any key closes it (q asks to quit, as from the help); an answer after that opens nothing.
        _ = session.handle(.space, at: .zero)
        #expect(session.overlay == .none && session.takeRequests().isEmpty)
        session.apply(.networkTime(NetworkTime(seat: .top, source: .disconnected)), at: .zero)
        #expect(session.overlay == .none)
        // Asked again, what is known shows at once while the new answers come.
        _ = session.handle(.character("F"), at: .zero)
        #expect(session.overlay == .networkTimes(["Ann: 42 ms round trip · up to 62 ms taken off", "Bob (you): disconnected"]))
        session.apply(.networkTime(NetworkTime(seat: .bottom, source: .noNetwork)), at: .zero)
        #expect(session.overlay == .networkTimes(["Ann: computer player, no network", "Bob (you): disconnected"]))

        // A watcher may ask too.
        var watcher = NetworkSession(watching: true)
        watcher.apply(.watching(code: "KXPT"), at: .zero)
        watcher.apply(.snapshot(try twoPlayers().view(for: nil)), at: .zero)
        #expect(watcher.handle(.character("f"), at: .zero) == .play)
        #expect(watcher.takeRequests() == [.askNetworkTime(.bottom), .askNetworkTime(.top)])
        #expect(watcher.overlay == .networkTimes(["Ann: asking…", "Bob: asking…"]))
        #expect(watcher.handle(.character("x"), at: .zero) == .play)
        #expect(watcher.overlay == .none && watcher.takeRequests().isEmpty)
    }

    @Test func aPhotoFinishReplacesTheMarginUntilTheNextCard() throws {
        var session = try seated(.top)
        let view = try #require(session.view)
        let finish = PhotoFinish(entries: [
            PhotoFinish.Entry(
                seat: .bottom, elapsed: .milliseconds(600), reaction: .milliseconds(440), allowance: .milliseconds(170),
                headStart: .milliseconds(200)),
            PhotoFinish.Entry(
                seat: .top, elapsed: .milliseconds(260), reaction: .milliseconds(250), allowance: .milliseconds(20),
                headStart: .zero),
        ])
        session.apply(
            .table(view, events: [.callTimed(.bottom, reaction: .milliseconds(440), margin: .milliseconds(10))]), at: .zero)
        #expect(session.hint?.text == "Snap! — Ann, by 10 ms")
        session.apply(.table(view, events: [.photoFinish(finish)]), at: .zero)
        let line = "Photo finish, Ann by 10 ms: Ann 440 ms −160 net −200 head start · You 250 ms −10 net"
        #expect(session.hint?.text == line)
        // On the notice's two lines between the side seats, whole.
        let screen = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(screen[12].contains("Photo finish, Ann by 10 ms: Ann 440 ms −160 net"), "\(screen[12])")
        #expect(screen[13].contains("−200 head start · You 250 ms −10 net"), "\(screen[13])")
        // It stays while the cards move, and goes with the next card.
        #expect(session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(10))?.hint == line)
        session.apply(.table(view, events: [.cardTurned(.bottom, Card(suit: .clubs, value: 3)!)]), at: .seconds(11))
        #expect(session.hint == nil)
    }

    @Test func theHostLocksAndMakesPrivateWithLAndP() throws {
        var host = try seated(.bottom)
        _ = host.handle(.character("l"), at: .zero)
        #expect(host.takeRequests() == [.setAccess(isLocked: true, isPrivate: false)])
        #expect(host.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Table locked: nobody new may join.")
        var table = try twoPlayers()
        table.settings.isLocked = true
        host.apply(.table(table.view(for: .bottom), events: [.settingsChanged(table.settings)]), at: .zero)
        _ = host.handle(.character("p"), at: .zero)
        #expect(host.takeRequests() == [.setAccess(isLocked: true, isPrivate: true)])
        _ = host.handle(.character("L"), at: .zero)
        #expect(host.takeRequests() == [.setAccess(isLocked: false, isPrivate: false)])

        var guest = try seated(.top)
        _ = guest.handle(.character("p"), at: .zero)
        #expect(guest.takeRequests().isEmpty)
        #expect(guest.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint == "Only the host can lock the table or make it private.")
    }

    @Test func theRoundClockAndTheTurnCountdownRunOnTheScreensOwnTime() throws {
        var session = try seated(.top)
        var table = try twoPlayers()
        table.settings = TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8))
        var generator = SplitMix64(seed: 1)
        var events = try table.startRound(by: .bottom, using: &generator)
        events += try table.advance(.finishDeal)
        session.apply(.table(table.view(for: .top), events: events), at: .seconds(2))
        session.apply(.roundClock(remaining: .seconds(180)), at: .seconds(2))
        let active = try #require(table.activeSeat)
        session.apply(.turnClock(active, remaining: .seconds(8)), at: .seconds(2))

        func screen(at time: Duration) throws -> TableScreen {
            try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: time))
        }
        #expect(try screen(at: .seconds(2)).roundClockText == "3:00 left")
        #expect(try screen(at: .milliseconds(63_500)).roundClockText == "1:59 left")
        let name = active == .top ? "Your turn: press Enter" : "Ann's turn"
        #expect(try screen(at: .seconds(6)).statusText == name)
        #expect(try screen(at: .milliseconds(7_500)).statusText == name + " · 3 s")
        #expect(try screen(at: .milliseconds(9_900)).statusText == name + " · 1 s")
        #expect(try screen(at: .seconds(2)).render()[0].contains("Round 1 · 3:00 left"))

        // The card is turned (by the player or for them): the countdown ends there.
        let turned = try table.turnCard(by: active)
        session.apply(.table(table.view(for: .top), events: turned), at: .seconds(9))
        #expect(try screen(at: .milliseconds(9_500)).statusText.hasSuffix(" s") == false)
        #expect(try screen(at: .seconds(9)).turnTimeLeft == nil)

        // Time up with a tie: the title says so, and the clock is gone.
        let up = try table.perform(.timeRanOut, using: &generator)
        session.apply(.table(table.view(for: .top), events: up), at: .seconds(182))
        #expect(try screen(at: .seconds(182)).roundClockText == "sudden death")
        #expect(try screen(at: .seconds(182)).roundTimeLeft == nil)
    }

    @Test func quittingAsksFirstAndThenLeaves() throws {
        var session = try seated(.top)
        #expect(session.handle(.character("q"), at: .zero) == .play)
        #expect(session.handle(.character("n"), at: .zero) == .play)
        #expect(session.takeRequests().isEmpty)
        _ = session.handle(.character("q"), at: .zero)
        #expect(session.handle(.character("y"), at: .zero) == .quit(0))
        #expect(session.takeRequests() == [.leave])
    }

    @Test func troubleIsShown() throws {
        var session = try seated(.top)
        session.apply(.playerConnection(.bottom, connected: false), at: .zero)
        #expect(
            session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)?.hint
                == "Ann lost their connection; their seat is kept for a little while.")
        session.apply(.reconnecting(attempt: 2), at: .seconds(1))
        #expect(
            session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(9))?.hint
                == "Connection lost: reconnecting (attempt 2)…")
        session.apply(.serverQuit(reason: "The server shut down."), at: .seconds(10))
        #expect(session.ended == "The server shut down.")
        #expect(session.handle(.character("x"), at: .seconds(11)) == .quit(0))
    }

    /// When the server goes (the host's `snap host` quit), the screen says so at once, in place of the waiting
    /// room's "Enter starts the round" and the keys of a table that is gone.
    @Test func theServerShuttingDownIsShownTheMomentItHappens() throws {
        var session = try seated(.bottom)
        let before = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(before.contains { $0.contains("Enter starts the round") })
        session.apply(.serverQuit(reason: "The server shut down."), at: .seconds(1))
        let lines = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(1))).render()
        #expect(lines[19].contains("The server shut down."), "\(lines.joined(separator: "\n"))")
        #expect(lines[20].contains("Press any key to leave."))
        #expect(!lines.joined().contains("Enter starts the round"))
        #expect(!lines.joined().contains("[Enter] turn"))
        #expect(lines[23].contains("[any key] leave"))
    }

    /// The same player took the seat from another terminal or a browser: this one says so at once and leaves on a
    /// key, rather than saying the connection is gone.
    @Test func aSeatTakenFromElsewhereIsShownAndLeavesOnAKey() throws {
        var session = try seated(.top)
        session.apply(.replaced, at: .seconds(1))
        session.apply(.closed, at: .seconds(1))
        #expect(session.ended == "Your seat is now played from another terminal or browser.")
        let lines = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(1))).render()
        #expect(lines.joined().contains("another terminal or browser"), "\(lines.joined(separator: "\n"))")
        #expect(session.handle(.character("x"), at: .seconds(2)) == .quit(0))
    }

    @Test func movingToTheTablesServerIsShown() throws {
        var session = try seated(.top)
        session.apply(.reconnecting(attempt: 1), at: .zero)
        session.apply(.redirected(code: "KXPT", url: "ws://10.0.0.7:8080/ws"), at: .seconds(1))
        #expect(
            session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(2))?.hint
                == "Moving to the table's server…")
        session.apply(.reconnected, at: .seconds(3))
        #expect(
            session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(3))?.hint
                == "Reconnected: you are back at the table.")
        // Sitting down by way of another server, the move is over by the time the table is drawn.
        var joining = NetworkSession()
        joining.apply(.redirected(code: "KXPT", url: "ws://10.0.0.7:8080/ws"), at: .zero)
        #expect(joining.hint?.text == "Moving to the table's server…")
        joining.apply(.joined(code: "KXPT", seat: .top), at: .zero)
        #expect(joining.hint == nil)
    }

    @Test func aWatcherSeesTheTableFromNoSeatAndCanOnlyLeave() throws {
        var session = NetworkSession(watching: true)
        session.apply(.watching(code: "KXPT"), at: .zero)
        session.apply(.snapshot(try twoPlayers().view(for: nil)), at: .zero)
        session.apply(.watchers(3), at: .zero)
        #expect(session.waitingBanner == [
            "Table KXPT  ·  2 of 4 seated  ·  Classic round · no turn timer",
            "Watching: waiting for the host to start the round.",
        ])
        let lines = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(lines[0].hasPrefix(" Snap! · watching"), "\(lines[0])")
        #expect(lines[0].hasSuffix("3 watching"), "\(lines[0])")
        #expect(!lines.contains { $0.contains("(you)") })
        #expect(lines[23].hasPrefix(" [q] stop watching"), "\(lines[23])")
        #expect(lines.contains { $0.contains("Ann") } && lines.contains { $0.contains("Bob") })
        // Every key that plays does nothing but say so; q leaves at once, without a question.
        for key: Key in [.enter, .space, .character("c"), .character("n"), .character("r"), .character("?")] {
            #expect(session.handle(key, at: .zero) == .play)
        }
        #expect(session.takeRequests().isEmpty)
        #expect(session.hint?.text == "You are watching: f network times, q leaves.")
        #expect(session.handle(.escape, at: .zero) == .quit(0))
        #expect(session.takeRequests() == [.leave])
    }

    @Test func aTableClosingUnderAWatcherEndsTheirGameWithAClearLine() throws {
        var session = NetworkSession(watching: true)
        session.apply(.watching(code: "KXPT"), at: .zero)
        session.apply(.snapshot(try twoPlayers().view(for: nil)), at: .zero)
        session.apply(.tableClosed(reason: "Everyone has left the table: it is closed."), at: .zero)
        #expect(session.ended == "Everyone has left the table: it is closed.")
        #expect(session.handle(.character("x"), at: .zero) == .quit(0))
    }

    @Test func playersSeeHowManyWatch() throws {
        var session = try seated(.bottom)
        let before = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(!before[0].contains("watching"))
        session.apply(.watchers(1), at: .zero)
        let after = try #require(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero)).render()
        #expect(after[0].hasSuffix("1 watching"), "\(after[0])")
        #expect(after[0].hasPrefix(" Snap! "))
    }
}
