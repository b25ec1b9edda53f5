import NIOEmbedded
import Synchronization
import SnapTestSupport
import Testing

@testable import SnapServer

/// A table's timer says when scheduling would do nothing, so that the table makes no wake's closure after an action
/// that moved no deadline; and when it would, it does.
@Suite struct TableTimerTests {
    @Test func aDeadlineAlreadySetOrNoneAtAllNeedsNothing() {
        let clock = ManualServerClock()
        var timer = TableTimer(clock: clock, loop: EmbeddedEventLoop())
        #expect(!timer.changes(to: nil), "no deadline, and none set")
        #expect(timer.changes(to: .seconds(2)))
        timer.schedule(.seconds(2)) { _ in }
        #expect(!timer.changes(to: .seconds(2)), "that deadline is already set")
        #expect(timer.changes(to: .seconds(3)))
        #expect(timer.changes(to: nil), "nothing to wait for any more")
        timer.schedule(nil) { _ in }
        #expect(!timer.changes(to: nil))
    }

    @Test func aDeadlineKeptWhilePausedIsSetAgainAfterwards() {
        let clock = ManualServerClock()
        var timer = TableTimer(clock: clock, loop: EmbeddedEventLoop())
        timer.pause()
        timer.schedule(.seconds(2)) { _ in }
        timer.resume()
        #expect(timer.changes(to: .seconds(2)), "paused, the deadline was kept but no wake set for it")
    }

    @Test func aTimerThatFiredNeedsSettingAgain() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let fired = Mutex<Int?>(nil)
        timer.schedule(.seconds(1)) { number in fired.withLock { $0 = number } }
        clock.advance(by: .seconds(1))
        loop.run()
        let firedNumber: Int? = fired.withLock { $0 }
        let number = try #require(firedNumber, "the wake came")
        let stillSet = timer.fired(number)
        #expect(stillSet)
        #expect(!timer.changes(to: nil), "nothing is set once it fired")
        #expect(timer.changes(to: .seconds(1)))
    }

    /// A turn moves the deadline later on almost every action: the wake already set is kept (no new wake, not even
    /// its closure), and when it comes early it sets itself again for the deadline as it now is.
    @Test func aDeadlineMovedLaterKeepsTheWakeWhichComesAgainForIt() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let wakes = Mutex<[Int]>([])
        let made = Mutex(0)
        func fire() -> @Sendable (Int) -> Void {
            made.withLock { $0 += 1 }
            return { number in wakes.withLock { $0.append(number) } }
        }
        timer.schedule(.seconds(1), fire: fire())
        timer.schedule(.seconds(3), fire: fire())
        var madeCount: Int { made.withLock { $0 } }
        var wakeCount: Int { wakes.withLock { $0.count } }
        #expect(madeCount == 1, "the later deadline kept the wake set for the first")
        #expect(!timer.changes(to: .seconds(3)))

        clock.advance(by: .seconds(1))
        loop.run()
        let first: Int? = wakes.withLock { $0.last }
        let early = try #require(first, "the wake came at the first deadline")
        let dueEarly = timer.fired(early)
        #expect(!dueEarly, "too early for the deadline as it now is: not due")
        #expect(!timer.changes(to: .seconds(3)), "and set again for it")

        clock.advance(by: .seconds(1))
        loop.run()
        #expect(wakeCount == 1, "nothing at 2 s")
        clock.advance(by: .seconds(1))
        loop.run()
        let second: Int? = wakes.withLock { $0.count == 2 ? $0.last : nil }
        let due = try #require(second, "the wake came again at 3 s")
        let dueAtLast = timer.fired(due)
        #expect(dueAtLast)
        #expect(madeCount == 1)
    }

    /// A card turned sets the next player's activation half a second ahead, well before the turn timer: it gets a
    /// wake of its own, and the turn timer's is left set (not cancelled); it serves the next turn timer, and comes
    /// to find nothing due but a later deadline, for which it is set again.
    @Test func aDeadlineMovedEarlierGetsAWakeOfItsOwnAndTheLaterOneServesLater() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let wakes = Mutex<[Int]>([])
        let fire: @Sendable (Int) -> Void = { number in wakes.withLock { $0.append(number) } }
        func advance(to time: Duration) -> Int? {
            let before = wakes.withLock { $0.count }
            clock.advance(to: time)
            loop.run()
            return wakes.withLock { $0.count > before ? $0.last : nil }
        }

        timer.schedule(.seconds(10), fire: fire)
        timer.schedule(.milliseconds(500), fire: fire)
        #expect(timer.wakesSet == 2, "the turn timer's wake is kept")
        let activation = try #require(advance(to: .milliseconds(500)), "the wake came at the earlier deadline")
        let activationDue = timer.fired(activation)
        #expect(activationDue)
        timer.schedule(.milliseconds(10_500), fire: fire)
        #expect(timer.wakesSet == 1, "the wake set for 10 s serves the turn timer moved to 10.5 s")

        let early = try #require(advance(to: .seconds(10)), "the wake for 10 s came")
        let earlyDue = timer.fired(early)
        #expect(!earlyDue, "nothing due at 10 s")
        #expect(timer.wakesSet == 1, "set again for 10.5 s")
        let late = try #require(advance(to: .milliseconds(10_500)), "and it came at 10.5 s")
        let lateDue = timer.fired(late)
        #expect(lateDue)
        #expect(timer.wakesSet == 0)
    }

    @Test func aWakeThatComesWithNothingScheduledIsIgnored() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let wakes = Mutex<[Int]>([])
        timer.schedule(.seconds(1), fire: { number in wakes.withLock { $0.append(number) } })
        timer.schedule(nil, fire: { _ in })
        clock.advance(by: .seconds(1))
        loop.run()
        let came: Int? = wakes.withLock { $0.last }
        let number = try #require(came, "the wake was left set")
        let due = timer.fired(number)
        #expect(!due, "no deadline was waiting for it")
        #expect(!timer.changes(to: nil))
    }

    /// Ever earlier deadlines that come before any wake would keep adding wakes: past two (the wake and its spare)
    /// the latest is cancelled, and pausing cancels every one.
    @Test func wakesAreBoundedAndPausingCancelsThemAll() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let wakes = Mutex<[Int]>([])
        let fire: @Sendable (Int) -> Void = { number in wakes.withLock { $0.append(number) } }
        for seconds in [4, 3, 2, 1] {
            timer.schedule(.seconds(seconds), fire: fire)
        }
        #expect(timer.wakesSet == 2)
        clock.advance(by: .seconds(4))
        loop.run()
        let came = wakes.withLock { $0.count }
        #expect(came == 2, "the two latest were cancelled")

        timer.schedule(.seconds(20), fire: fire)
        timer.schedule(.seconds(15), fire: fire)
        timer.pause()
        #expect(timer.wakesSet == 0)
        clock.advance(by: .seconds(20))
        loop.run()
        let after = wakes.withLock { $0.count }
        #expect(after == came, "no wake came while paused")
    }
}
