import Foundation
import NIOCore

// The one exception is the transport's deadlines, in NIO's own time on each socket's event loop (the HTTP request
// timeout, the close handshake's timeout, the frame and request rates at the socket, the goodbyes' 100 ms
// at shutdown): they are about bytes on a real socket, whatever time the game is on (docs/ARCHITECTURE.md).

/// The one clock of a server: every time the server reads or waits for — turns, verdicts, pings, silence,
/// grace periods, rate limits — comes from it, as the time since the server started.
///
/// The server runs on ``SystemServerClock``; tests drive a clock of their own (SnapTestSupport's
/// `ManualServerClock`).
public protocol ServerClock: Sendable {
    /// The time since the clock started.
    var now: Duration { get }
    /// Waits until `now` reaches `deadline`.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func sleep(until deadline: Duration) async throws
    /// Runs `body` on `loop` once `now` reaches `deadline`, unless the wake is cancelled first.
    ///
    /// By default a task sleeps until the deadline and then hands `body` to the loop; a clock that can set a timer
    /// on the loop itself does that instead, with no task and no other thread.
    func wake(at deadline: Duration, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> ServerClockWake
    /// The date and time of day at server time `time` (what a round's record says it started and ended).
    func date(at time: Duration) -> Date
}

extension ServerClock {
    /// Waits for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }

    public func wake(at deadline: Duration, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> ServerClockWake {
        let task = Task {
            try? await sleep(until: deadline)
            guard !Task.isCancelled else { return }
            loop.execute(body)
        }
        return ServerClockWake { task.cancel() }
    }
}

/// A wake set with ``ServerClock/wake(at:on:_:)``.
public struct ServerClockWake: Sendable {
    private enum Cancelling: Sendable {
        case closure(@Sendable () -> Void)
        /// Out of line: a callback's handle is six words, and a wake is kept in every table and every seat's
        /// member (where it is nil but for a dropped player's grace period).
        indirect case callback(NIOScheduledCallback)
        case timer(LoopTimers, LoopTimers.Handle)
    }

    private let cancelling: Cancelling

    /// A wake that `cancel` stops.
    public init(cancel: @escaping @Sendable () -> Void) {
        cancelling = .closure(cancel)
    }

    /// A wake that is a callback scheduled on an event loop (no closure to hold the callback's handle).
    init(_ callback: NIOScheduledCallback) {
        cancelling = .callback(callback)
    }

    /// A wake that is one of a loop's own timers.
    init(_ timers: LoopTimers, _ handle: LoopTimers.Handle) {
        cancelling = .timer(timers, handle)
    }

    /// Stops the wake if it has not run yet. Its body may still run if it was already on its way; whoever set it
    /// must be ready for that.
    public func cancel() {
        switch cancelling {
        case .closure(let cancel): cancel()
        case .callback(let callback): callback.cancel()
        case .timer(let timers, let handle):
            if timers.loop.inEventLoop {
                timers.cancel(handle)
            } else {
                timers.loop.execute { timers.cancel(handle) }
            }
        }
    }
}
