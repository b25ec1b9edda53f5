import Foundation
import NIOCore
import SnapCore

/// The real, monotonic clock.
public struct SystemServerClock: ServerClock {
    private let start = ContinuousClock.now
    private let startDate = Date()

    /// A clock that starts now.
    public init() {}

    /// The time since the clock was made.
    public var now: Duration { ContinuousClock.now - start }

    /// The date and time of day at server time `time`.
    public func date(at time: Duration) -> Date {
        startDate.addingTimeInterval(time.inSeconds)
    }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: start + deadline)
    }

    /// A timer on the loop itself: set from the loop, one of the loop's own (``LoopTimers``: every table keeps one
    /// set, and moves it after nearly every action); from elsewhere, a scheduled callback.
    public func wake(at deadline: Duration, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> ServerClockWake {
        if loop.inEventLoop {
            let timers = LoopTimers.on(loop)
            return ServerClockWake(timers, timers.add(at: LoopTimers.time(at: start + deadline), body))
        }
        let delay = max(.zero, deadline - now)
        guard let scheduled = try? loop.scheduleCallback(in: .nanoseconds(delay.nanoseconds), handler: Wake(body: body)) else {
            // The loop is shutting down: nothing will run on it any more.
            return ServerClockWake {}
        }
        return ServerClockWake(scheduled)
    }

    private struct Wake: NIOScheduledCallbackHandler, Sendable {
        let body: @Sendable () -> Void

        func handleScheduledCallback(eventLoop: some EventLoop) {
            body()
        }
    }
}
