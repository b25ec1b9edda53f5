import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `DNSServiceRef` (a registration, a browse, a resolve, a query) with a thread of its own that waits on its
/// socket with `poll` and calls `DNSServiceProcessResult`, so that its replies never block Swift concurrency's
/// threads. Replies arrive on that thread; everything done with the ref happens there too, because a ref is not
/// safe to use from two threads at once.
final class DNSServiceOperation: @unchecked Sendable {
    private let library: DNSServiceLibrary
    /// The callback's context, kept alive as long as the ref.
    private let context: AnyObject
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())
    private let finished = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private struct State {
        var work: [@Sendable (DNSServiceLibrary.ServiceRef?) -> Void] = []
        var stopping = false
    }

    private init(library: DNSServiceLibrary, context: AnyObject, wake: (Int32, Int32)) {
        self.library = library
        self.context = context
        (wakeRead, wakeWrite) = wake
    }

    // The pipe is closed only here, when nobody can wake the thread any more: closed earlier, its number could be
    // reused by another file that a late wake-up would then write to.
    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Creates the ref with `create` on a new thread (given the context pointer for the callback), then serves it
    /// there until ``stop()``; `onFailure` hears of a failure of `DNSServiceProcessResult` (the daemon went away).
    static func start(
        library: DNSServiceLibrary,
        context: AnyObject,
        onFailure: @escaping @Sendable (DNSServiceError) -> Void = { _ in },
        create: @escaping @Sendable (UnsafeMutablePointer<DNSServiceLibrary.ServiceRef?>, UnsafeMutableRawPointer) -> Int32
    ) async throws(DNSServiceError) -> DNSServiceOperation {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .failed(code: -1) }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let operation = DNSServiceOperation(library: library, context: context, wake: (fds[0], fds[1]))
        let result = await withCheckedContinuation { (created: CheckedContinuation<Int32, Never>) in
            // Even creating a ref blocks (Avahi's connects to the daemon over D-Bus), so it happens on the thread.
            let thread = Thread {
                var ref: DNSServiceLibrary.ServiceRef?
                let code = create(&ref, Unmanaged.passUnretained(operation.context).toOpaque())
                guard code == 0, let ref else {
                    created.resume(returning: code == 0 ? DNSServiceError.unknownCode : code)
                    operation.finish()
                    return
                }
                created.resume(returning: 0)
                operation.serve(ref, onFailure: onFailure)
            }
            thread.name = "snap-dns-sd"
            thread.start()
        }
        guard result == 0 else { throw DNSServiceError(code: result) }
        return operation
    }

    /// Runs `body` with the ref on the operation's thread; nil once the operation has stopped.
    func withRef<T: Sendable>(_ body: @escaping @Sendable (DNSServiceLibrary.ServiceRef) -> T) async -> T? {
        await withCheckedContinuation { (done: CheckedContinuation<T?, Never>) in
            let queued = state.withLock { state -> Bool in
                guard !state.stopping else { return false }
                state.work.append { ref in done.resume(returning: ref.map(body)) }
                return true
            }
            if queued { wake() } else { done.resume(returning: nil) }
        }
    }

    /// Deallocates the ref (which withdraws a registration) and ends the thread; returns once it has.
    func stop() async {
        state.withLock { $0.stopping = true }
        wake()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let isDone = finished.withLock { finished -> Bool in
                if !finished.done { finished.waiters.append(done) }
                return finished.done
            }
            if isDone { done.resume() }
        }
    }

    /// Asks the thread to stop without waiting for it.
    func cancel() {
        state.withLock { $0.stopping = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func serve(_ ref: DNSServiceLibrary.ServiceRef, onFailure: @Sendable (DNSServiceError) -> Void) {
        let socket = library.refSockFD(ref)
        while true {
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                onFailure(.failed(code: -1))
                break
            }
            if fds[1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &bytes, bytes.count) > 0 {}
                let (work, stopping) = state.withLock { state in
                    defer { state.work = [] }
                    return (state.work, state.stopping)
                }
                for item in work { item(ref) }
                if stopping { break }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let code = library.processResult(ref)
                if code != 0 {
                    onFailure(DNSServiceError(code: code))
                    break
                }
            }
        }
        library.refDeallocate(ref)
        finish()
    }

    private func finish() {
        // Work queued after the last look is answered with nil, never left waiting.
        let left = state.withLock { state in
            state.stopping = true
            defer { state.work = [] }
            return state.work
        }
        for item in left { item(nil) }
        let waiters = finished.withLock { finished in
            finished.done = true
            defer { finished.waiters = [] }
            return finished.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
