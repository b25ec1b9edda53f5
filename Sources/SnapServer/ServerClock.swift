import Foundation

/// The one clock of a server: every time the server reads or waits for — turns, verdicts, pings, silence,
/// grace periods, rate limits — comes from it, as the time since the server started.
///
/// The server runs on ``SystemServerClock``; tests drive a ``ManualServerClock``.
public protocol ServerClock: Sendable {
    /// The time since the clock started.
    var now: Duration { get }
    /// Waits until `now` reaches `deadline`.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func sleep(until deadline: Duration) async throws
    /// The date and time of day at server time `time` (what a round's record says it started and ended).
    func date(at time: Duration) -> Date
}

extension ServerClock {
    /// Waits for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}
