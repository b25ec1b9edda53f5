import NIOCore
import NIOEmbedded
import NIOPosix
import NIOConcurrencyHelpers
import SnapCore
import Testing

@testable import SnapServer

/// A loop's own timers fire when due, soonest first and in the order set, never once cancelled; NIO's callback is
/// moved only when the soonest deadline comes earlier; and the server's clock uses them on a real loop.
@Suite struct LoopTimersTests {
    /// Timers on an embedded loop whose time and the queue's move together.
    final class Rig: Sendable {
        let loop = EmbeddedEventLoop()
        let time = NIOLockedValueBox<Duration>(.zero)
        let fired = NIOLockedValueBox<[String]>([])
        let timers: LoopTimers

        init(slack: Duration = .zero) {
            let time = time
            timers = LoopTimers(loop: loop, slack: slack) { time.withLockedValue { $0 } }
        }

        @discardableResult
        func add(_ name: String, at deadline: Duration) -> LoopTimers.Handle {
            timers.add(at: deadline) { [fired] in fired.withLockedValue { $0.append(name) } }
        }

        /// Sets `outer` at `deadline`, which when it fires sets `inner` at `innerDeadline`.
        func add(_ outer: String, at deadline: Duration, setting inner: String, at innerDeadline: Duration) {
            let (timers, fired) = (timers, fired)
            _ = timers.add(at: deadline) {
                fired.withLockedValue { $0.append(outer) }
                _ = timers.add(at: innerDeadline) { fired.withLockedValue { $0.append(inner) } }
            }
        }

        func advance(to deadline: Duration) {
            let now = time.withLockedValue { now in
                defer { now = max(now, deadline) }
                return now
            }
            loop.advanceTime(by: .nanoseconds(max(.zero, deadline - now).nanoseconds))
        }

        func takeFired() -> [String] {
            fired.withLockedValue { fired in
                defer { fired = [] }
                return fired
            }
        }
    }

    @Test func timersFireWhenDueSoonestFirstThenInTheOrderSet() {
        let rig = Rig()
        rig.add("three", at: .seconds(3))
        rig.add("one", at: .seconds(1))
        rig.add("two", at: .seconds(2))
        rig.add("one again", at: .seconds(1))
        rig.advance(to: .milliseconds(999))
        #expect(rig.takeFired() == [], "nothing is due yet")
        rig.advance(to: .seconds(1))
        #expect(rig.takeFired() == ["one", "one again"])
        rig.advance(to: .seconds(5))
        #expect(rig.takeFired() == ["two", "three"])
        #expect(rig.timers.count == 0)
    }

    @Test func aCancelledTimerNeverFiresAndAnOldHandleCancelsNothing() {
        let rig = Rig()
        let first = rig.add("first", at: .seconds(1))
        let second = rig.add("second", at: .seconds(2))
        rig.timers.cancel(second)
        rig.advance(to: .seconds(1))
        #expect(rig.takeFired() == ["first"])
        // The fired and the cancelled timers' places are taken again; their handles must not reach the new ones.
        rig.add("third", at: .seconds(3))
        rig.add("fourth", at: .seconds(4))
        rig.timers.cancel(first)
        rig.timers.cancel(second)
        rig.advance(to: .seconds(10))
        #expect(rig.takeFired() == ["third", "fourth"])
    }

    @Test func aTimerSetWhileTimersFireWaitsForTheNextRoundEvenIfDue() {
        let rig = Rig()
        rig.add("outer", at: .seconds(1), setting: "inner", at: .zero)
        rig.advance(to: .seconds(1))
        // The embedded loop runs what is due, the callback set again at no delay included.
        #expect(rig.takeFired() == ["outer", "inner"])
        #expect(rig.timers.count == 0)
    }

    @Test func nioIsAskedAgainOnlyWhenTheSoonestComesEarlier() {
        let rig = Rig()
        rig.add("five", at: .seconds(5))
        #expect(rig.timers.armedDeadline == .seconds(5))
        rig.add("eight", at: .seconds(8))
        #expect(rig.timers.armedDeadline == .seconds(5), "a later timer leaves the callback")
        let two = rig.add("two", at: .seconds(2))
        #expect(rig.timers.armedDeadline == .seconds(2))
        rig.timers.cancel(two)
        #expect(rig.timers.armedDeadline == .seconds(2), "the callback wakes for nothing once")
        rig.advance(to: .seconds(2))
        #expect(rig.takeFired() == [])
        #expect(rig.timers.armedDeadline == .seconds(5), "and is set for the soonest again")
        rig.advance(to: .seconds(8))
        #expect(rig.takeFired() == ["five", "eight"])
        #expect(rig.timers.armedDeadline == nil)
    }

    /// The round of timers that fired stops at one set during it: it fires with the next callback, at once.
    @Test func aRoundOfTimersFiresNoneSetDuringIt() {
        let rig = Rig()
        let timers = rig.timers
        rig.add("outer", at: .seconds(1), setting: "inner", at: .seconds(1))
        rig.time.withLockedValue { $0 = .seconds(1) }
        timers.fire(callback: 1)
        #expect(rig.takeFired() == ["outer"])
        #expect(timers.count == 1)
        #expect(timers.armedDeadline == .seconds(1), "the next callback is set for it")
        rig.loop.advanceTime(by: .seconds(1))
        #expect(rig.takeFired() == ["inner"])
    }

    /// NIO may run a callback it was asked to cancel when it had already taken it to run with other tasks due: that
    /// callback must neither fire the timers (the one set after it does) nor leave the queue without a callback.
    @Test func aCallbackCancelledTooLateChangesNothing() {
        let rig = Rig()
        rig.add("late", at: .seconds(1))
        rig.add("soon", at: .milliseconds(500))
        rig.advance(to: .milliseconds(600))
        #expect(rig.takeFired() == ["soon"])
        rig.add("sooner", at: .milliseconds(700))
        // Callbacks are numbered from 1: the first was set for 1 s, the second for 500 ms, the third for 1 s again
        // after it fired, the fourth for 700 ms.
        rig.time.withLockedValue { $0 = .milliseconds(800) }
        rig.timers.fire(callback: 3)
        #expect(rig.takeFired() == [], "the callback replaced fires nothing")
        #expect(rig.timers.armedDeadline == .milliseconds(700), "and the one that replaced it stays set")
        rig.loop.advanceTime(by: .milliseconds(200))
        #expect(rig.takeFired() == ["sooner"])
        #expect(rig.timers.armedDeadline == .seconds(1))
    }

    @Test func timersDueWithinOneSlackWakeTheLoopOnce() {
        let rig = Rig(slack: .milliseconds(1))
        rig.add("a", at: .microseconds(200))
        #expect(rig.timers.armedDeadline == .milliseconds(1), "set to the next whole slack")
        rig.add("b", at: .microseconds(700))
        rig.add("c", at: .microseconds(1_300))
        #expect(rig.timers.armedDeadline == .milliseconds(1), "one wake for both")
        rig.advance(to: .microseconds(900))
        #expect(rig.takeFired() == [], "never before the wake")
        rig.advance(to: .milliseconds(1))
        #expect(rig.takeFired() == ["a", "b"])
        #expect(rig.timers.armedDeadline == .milliseconds(2))
        rig.add("d", at: .milliseconds(2))
        rig.advance(to: .milliseconds(2))
        #expect(rig.takeFired() == ["c", "d"], "a deadline on a whole slack is not put off")
    }

    /// Thousands of timers set, cancelled and fired at random fire exactly as a sorted list of them says.
    @Test(arguments: [1, 2, 3] as [UInt64], [.zero, .milliseconds(1)] as [Duration])
    func timersFireAsASortedListOfThemSays(seed: UInt64, slack: Duration) {
        // Deadlines to the microsecond, the loop advanced by whole milliseconds: with a slack of one, every timer
        // due is still fired by then.
        let rig = Rig(slack: slack)
        var random = SplitMix64(seed: seed)
        var live: [(name: String, deadline: Duration, order: Int, handle: LoopTimers.Handle)] = []
        var now = Duration.zero
        for step in 0..<5_000 {
            switch random.next() % 10 {
            case 0..<6:
                let deadline = now + .microseconds(Int64(random.next() % 2_000_000))
                live.append((String(step), deadline, step, rig.add(String(step), at: deadline)))
            case 6..<8 where !live.isEmpty:
                let index = Int(random.next() % UInt64(live.count))
                rig.timers.cancel(live.remove(at: index).handle)
            default:
                now += .milliseconds(Int64(random.next() % 300))
                rig.advance(to: now)
                let due = live.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
                live.removeAll { $0.deadline <= now }
                #expect(rig.takeFired() == due.map(\.name), "at \(now)")
            }
            #expect(rig.timers.count == live.count)
        }
    }

    /// The server's clock on a real loop: wakes set there fire soonest first, one cancelled there does not (the
    /// later one set after it fires); and one set from elsewhere fires too.
    @Test func theServersClockWakesOnARealLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let clock = SystemServerClock()
        let fired = NIOLockedValueBox<[String]>([])
        let last = loop.makePromise(of: Void.self)
        try await loop.submit {
            let base = clock.now
            _ = clock.wake(at: base + .milliseconds(10), on: loop) {
                fired.withLockedValue { $0.append("last") }
                last.succeed()
            }
            let cancelled = clock.wake(at: base + .milliseconds(5), on: loop) {
                fired.withLockedValue { $0.append("cancelled") }
            }
            _ = clock.wake(at: base + .milliseconds(1), on: loop) { fired.withLockedValue { $0.append("first") } }
            cancelled.cancel()
        }.get()
        try await last.futureResult.get()
        #expect(fired.withLockedValue { $0 } == ["first", "last"])
        let elsewhere = loop.makePromise(of: Bool.self)
        _ = clock.wake(at: clock.now + .milliseconds(1), on: loop) { elsewhere.succeed(loop.inEventLoop) }
        #expect(try await elsewhere.futureResult.get(), "it fires, on the loop")
        try await group.shutdownGracefully()
    }
}
