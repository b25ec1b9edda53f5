import Foundation
import NIOCore
import NIOPosix

/// The settings for measuring that both `snap` and `snap-bench` read from the environment before anything runs
/// (docs/PERFORMANCE.md): `SNAP_EXECUTOR=nio` runs every task on NIO's event loops instead of Swift's own pool (on
/// the 2-core machine we measured it was no better, so it is not the default), and `SNAP_EVENT_LOOPS` sets how many
/// event-loop threads NIO runs (default: one per core).
public enum ProcessSettings {
    /// Applies the environment's settings; a bad value is one line on standard error and exit status 2.
    public static func apply(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let text = environment["SNAP_EVENT_LOOPS"] {
            guard let loops = Int(text), (1...256).contains(loops) else {
                fail("SNAP_EVENT_LOOPS must be a whole number from 1 to 256 (event-loop threads); got '\(text)'.")
            }
            NIOSingletons.groupLoopCountSuggestion = loops
        }
        switch environment["SNAP_EXECUTOR"] {
        case nil, "swift": break
        case "nio":
            if !NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() {
                fail("SNAP_EXECUTOR=nio: NIO's event loops could not be made Swift's global executor here.")
            }
        case let other?: fail("SNAP_EXECUTOR must be swift (the default) or nio; got '\(other)'.")
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        exit(2)
    }
}
