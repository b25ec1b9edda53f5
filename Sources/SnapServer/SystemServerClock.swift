import Foundation
import SnapCore

/// The real, monotonic clock.
public struct SystemServerClock: ServerClock {
    private let start = ContinuousClock.now
    private let startDate = Date()

    /// A clock that starts now.
    public init() {}

    /// The time since the clock was made.
    public var now: Duration { ContinuousClock.now - start }

    /// Waits until `now` reaches `deadline`.
    public func date(at time: Duration) -> Date {
        startDate.addingTimeInterval(time.inSeconds)
    }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: start + deadline)
    }
}
