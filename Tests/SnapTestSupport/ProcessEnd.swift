import Foundation
import Synchronization

/// The end of a child process, awaited without holding a thread: made before the process runs (it takes the
/// process's termination handler), then ``status`` as often as wanted.
public final class ProcessEnd: Sendable {
    private struct State {
        var status: Int32?
        var waiting: [CheckedContinuation<Int32, Never>] = []
    }

    private let state = Mutex(State())

    /// Watches `process`, which has not been run yet.
    public init(of process: Process) {
        process.terminationHandler = { [self] ended in finish(ended.terminationStatus) }
    }

    /// The process's exit status (or the signal that ended it), once it has ended.
    public var status: Int32 {
        get async {
            await withCheckedContinuation { continuation in
                let status = state.withLock { state in
                    if state.status == nil { state.waiting.append(continuation) }
                    return state.status
                }
                if let status { continuation.resume(returning: status) }
            }
        }
    }

    /// Whether the process has ended.
    public var hasEnded: Bool { state.withLock { $0.status != nil } }

    private func finish(_ status: Int32) {
        let waiting = state.withLock { state in
            state.status = status
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: status) }
    }
}
