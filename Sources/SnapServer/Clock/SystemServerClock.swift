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

    /// A timer on the loop itself.
    public func wake(at deadline: Duration, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> ServerClockWake {
        let delay = max(.zero, deadline - now)
        let scheduled = loop.scheduleTask(in: .nanoseconds(delay.nanoseconds), body)
        return ServerClockWake { scheduled.cancel() }
    }
}
