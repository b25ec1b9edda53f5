import NIOCore
import SnapServer
import SnapTestSupport

// The test support does not depend on the server: the test clock becomes a server clock here. Its wakes are alarms
// rather than sleeping tasks, so that a timer due is on its loop's queue by the time `advance` returns.
extension ManualServerClock: ServerClock {
    public func wake(at deadline: Duration, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) -> ServerClockWake {
        let alarm = setAlarm(at: deadline) { loop.execute(body) }
        return ServerClockWake { self.cancelAlarm(alarm) }
    }
}
