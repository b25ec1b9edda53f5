import SnapCore
import Testing

@testable import SnapTerminal

@Suite struct SoloSessionTests {
    private func started(speed: Double = 1) -> SoloSession {
        var session = SoloSession(name: "Tester", seed: 7, speed: speed, difficulty: .normal)
        session.start(at: .zero)
        return session
    }

    /// Moves the session on, timer by timer, until `condition` holds; returns the time reached.
    private func run(
        _ session: inout SoloSession,
        from time: Duration,
        until condition: (SoloSession) -> Bool
    ) -> Duration {
        var time = time
        for _ in 0..<10_000 where !condition(session) {
            guard let deadline = session.runner.nextDeadline else { break }
            time = max(time, deadline)
            session.advance(to: time)
        }
        return time
    }

    @Test func startsTheFirstRoundRightAway() {
        let session = started()
        #expect(session.view.phase == .dealing)
        #expect(session.view.round == 1)
        #expect(session.view.occupiedSeats.map { session.view.displayName($0) } == ["You", "Ray", "Lucy", "Steve"])
        #expect(session.view[.bottom]?.info.name == "Tester")
        #expect(session.screen(size: TableScreen.minimumSize, colour: false, at: .zero).dealProgress == 0)
    }

    @Test func dealAnimationRunsOnTheGameClock() {
        var session = started(speed: 2)
        session.advance(to: .milliseconds(500))
        #expect(session.dealProgress(at: .milliseconds(500)) == 0.5)
        #expect(session.wait(at: .milliseconds(500)) == SoloSession.frameInterval)
        session.advance(to: .seconds(1))
        #expect(session.view.phase == .playing)
        #expect(session.dealProgress(at: .seconds(1)) == nil)
    }

    @Test func turningOutOfTurnShowsAHintInsteadOfFailing() {
        var session = started()
        #expect(session.handle(.enter, at: .milliseconds(100)) == .play)
        let screen = session.screen(size: TableScreen.minimumSize, colour: false, at: .milliseconds(200))
        #expect(screen.hint == TableError.dealingInProgress.description)
        let later = session.screen(size: TableScreen.minimumSize, colour: false, at: .seconds(3))
        #expect(later.hint == nil)
    }

    @Test func enterTurnsYourCardOnYourTurn() {
        var session = started()
        let time = run(&session, from: .zero) { $0.view.viewerCanTurn }
        #expect(session.view.viewerCanTurn)
        let open = session.view[.bottom]!.open.count
        #expect(session.handle(.enter, at: time) == .play)
        #expect(session.view[.bottom]!.open.count == open + 1)
        #expect(session.view.hasTurned)
    }

    /// A second Enter in the half-second before the next player neither turns nor complains: the status line says
    /// who is next.
    @Test func aSecondEnterAfterTurningSaysWhoIsNextInsteadOfRefusing() {
        var session = started()
        let time = run(&session, from: .zero) { $0.view.viewerCanTurn }
        _ = session.handle(.enter, at: time)
        _ = session.handle(.enter, at: time + .milliseconds(100))
        let lines = session.lines(size: TableScreen.minimumSize, colour: false, at: time + .milliseconds(100))
        #expect(lines[10].contains("is next"), "\(lines[10])")
        #expect(!lines.joined().contains("Your turn"))
        #expect(!lines.joined().contains("It is not your turn"))
    }

    @Test func spaceCallsSnap() {
        var session = started()
        let time = run(&session, from: .zero) { $0.view.phase == .playing }
        #expect(session.handle(.space, at: time) == .play)
        #expect(session.view.calls.first?.seat == .bottom)
    }

    @Test func quitAsksFirst() {
        var session = started()
        #expect(session.handle(.character("q"), at: .zero) == .play)
        #expect(session.overlay == .quitPrompt)
        #expect(session.handle(.character("n"), at: .zero) == .play)
        #expect(session.overlay == .none)
        _ = session.handle(.character("q"), at: .zero)
        #expect(session.handle(.character("y"), at: .zero) == .quit(0))
    }

    @Test func controlCQuitsAtOnce() {
        var session = started()
        #expect(session.handle(.interrupt, at: .zero) == .quit(130))
        _ = session.handle(.character("?"), at: .zero)
        #expect(session.handle(.interrupt, at: .zero) == .quit(130))
    }

    @Test func helpTogglesAndPausesTheGame() {
        var session = started()
        _ = session.handle(.character("?"), at: .seconds(1))
        #expect(session.overlay == .help)
        #expect(session.isPaused)
        session.advance(to: .seconds(30))
        #expect(session.view.phase == .dealing, "nothing moves while the help is shown")
        _ = session.handle(.character("?"), at: .seconds(30))
        #expect(session.overlay == .none)
        #expect(session.gameTime(at: .seconds(31)) == .seconds(2))
        session.advance(to: .milliseconds(30_900))
        #expect(session.view.phase == .dealing)
        session.advance(to: .seconds(31))
        #expect(session.view.phase == .playing)
    }

    @Test func redrawKey() {
        var session = started()
        #expect(session.handle(.redraw, at: .zero) == .redraw)
    }

    @Test func nextRoundAfterAWin() {
        var session = SoloSession(name: "Tester", seed: 3, speed: 1, difficulty: .hard)
        session.start(at: .zero)
        var time = Duration.zero
        var guardRail = 0
        while session.view.phase.isRoundUnderWay, guardRail < 100_000 {
            guardRail += 1
            if session.view.viewerCanTurn {
                _ = session.handle(.enter, at: time)
            } else if let deadline = session.runner.nextDeadline {
                time = max(time, deadline)
                session.advance(to: time)
            } else {
                break
            }
        }
        guard case .roundOver(let winner?) = session.view.phase else {
            Issue.record("the round did not end: \(session.view.phase)")
            return
        }
        #expect(session.view[winner]?.gamesWon == 1)
        _ = session.handle(.enter, at: time)
        #expect(session.hint?.text == "The round is over: press n for the next one.")
        _ = session.handle(.character("n"), at: time)
        #expect(session.view.round == 2)
        #expect(session.view.phase == .dealing)
        _ = session.handle(.character("n"), at: time)
        #expect(session.hint?.text == "The round is still on.")
        #expect(session.summary.hasPrefix("Thanks for playing Snap! 2 rounds played (seed 3).\nGames won: Tester "))
    }

    /// A quick round with the turn timer and a person who never presses a key: the round's clock runs in the title,
    /// the person's turn counts down its last seconds and is turned for them, and time ends the round, the clock
    /// gone. 3 minutes at speed 12 is 15 s of the session's time; 8 s a turn is two thirds of a second.
    @Test func aQuickRoundCountsDownTurnsForAnIdlePlayerAndEndsByTime() throws {
        let settings = TableSettings(roundLength: .quick(.seconds(180)), turnTime: TableSettings.standardTurnTime)
        var session = SoloSession(name: "Tester", seed: 7, speed: 12, difficulty: .normal, settings: settings)
        session.start(at: .zero)
        func lines(at time: Duration) -> [String] { session.lines(size: TableScreen.minimumSize, colour: false, at: time) }
        var time = run(&session, from: .zero) { $0.view.phase == .playing }
        #expect(lines(at: time)[0].contains("Round 1 · 0:1") && lines(at: time)[0].contains(" left"), "\(lines(at: time)[0])")

        time = run(&session, from: time) { $0.view.active == SoloSession.seat && !$0.view.hasTurned }
        let deadline = try #require(session.runner.turnDeadline).deadline
        #expect(session.screen(size: TableScreen.minimumSize, colour: false, at: deadline - .milliseconds(300)).statusText
            == "Your turn: press Enter · 1 s")
        // The table turns for the idle person, and the next player's turn comes.
        let open = session.view[SoloSession.seat]!.open.count
        time = run(&session, from: time) { $0.view.active == SoloSession.seat && $0.view.hasTurned }
        #expect(session.view[SoloSession.seat]!.open.count == open + 1, "a card turned for the idle person")
        time = run(&session, from: time) { $0.view.active != SoloSession.seat }
        #expect(lines(at: time)[10].contains("Ray's turn"), "\(lines(at: time)[10])")

        time = run(&session, from: time) { !$0.view.phase.isRoundUnderWay }
        #expect(time >= .seconds(15), "the round ended by time, not by a player holding all the cards")
        let end = lines(at: time).joined(separator: "\n")
        #expect(end.contains("wins the round!"), "\(end)")
        #expect(end.contains("Press n for the next round"))
        #expect(!end.contains(" left "), "the clock is gone once the round is over")
    }

    @Test func waitsForTheNextTimerOrAFrame() {
        var session = started()
        let time = run(&session, from: .zero) { $0.view.phase == .playing }
        let wait = session.wait(at: time)
        #expect(wait > .zero && wait <= SoloSession.idleInterval)
        if let deadline = session.runner.nextDeadline {
            #expect(wait <= deadline - time)
        }
    }
}
