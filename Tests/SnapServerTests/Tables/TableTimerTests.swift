import NIOEmbedded
import Synchronization
import SnapTestSupport
import Testing

@testable import SnapServer

/// A table's timer says when scheduling would do nothing, so that the table makes no wake's closure after an action
/// that moved no deadline; and when it would, it does. (It cannot be copied, so each answer is taken before it is
/// checked: `#expect` would copy what it is asked about.)
@Suite struct TableTimerTests {
    @Test func aDeadlineAlreadySetOrNoneAtAllNeedsNothing() {
        let clock = ManualServerClock()
        var timer = TableTimer(clock: clock, loop: EmbeddedEventLoop())
        let noneForNone = timer.changes(to: nil)
        #expect(!noneForNone, "no deadline, and none set")
        let first = timer.changes(to: .seconds(2))
        #expect(first)
        timer.schedule(.seconds(2)) { _ in }
        let same = timer.changes(to: .seconds(2))
        #expect(!same, "that deadline is already set")
        let later = timer.changes(to: .seconds(3))
        #expect(later)
        let none = timer.changes(to: nil)
        #expect(none, "the wake set must be cancelled")
        timer.schedule(nil) { _ in }
        let noneAgain = timer.changes(to: nil)
        #expect(!noneAgain)
    }

    @Test func aDeadlineKeptWhilePausedIsSetAgainAfterwards() {
        let clock = ManualServerClock()
        var timer = TableTimer(clock: clock, loop: EmbeddedEventLoop())
        timer.pause()
        timer.schedule(.seconds(2)) { _ in }
        timer.resume()
        let kept = timer.changes(to: .seconds(2))
        #expect(kept, "paused, the deadline was kept but no wake set for it")
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
        let none = timer.changes(to: nil)
        #expect(!none, "nothing is set once it fired")
        let again = timer.changes(to: .seconds(1))
        #expect(again)
    }
}
