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
        #expect(timer.changes(to: nil), "the wake set must be cancelled")
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

    @Test func aDeadlineMovedEarlierReplacesTheWake() throws {
        let clock = ManualServerClock()
        let loop = EmbeddedEventLoop()
        var timer = TableTimer(clock: clock, loop: loop)
        let wakes = Mutex<[Int]>([])
        let fire: @Sendable (Int) -> Void = { number in wakes.withLock { $0.append(number) } }
        timer.schedule(.seconds(3), fire: fire)
        timer.schedule(.seconds(1), fire: fire)
        clock.advance(by: .seconds(1))
        loop.run()
        let last: Int? = wakes.withLock { $0.last }
        let number = try #require(last, "the wake came at the earlier deadline")
        let dueFirst = timer.fired(number)
        #expect(dueFirst)
        clock.advance(by: .seconds(2))
        loop.run()
        let count = wakes.withLock { $0.count }
        #expect(count == 1, "the wake for 3 s was cancelled")
    }
}
