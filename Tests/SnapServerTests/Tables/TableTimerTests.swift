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
}
