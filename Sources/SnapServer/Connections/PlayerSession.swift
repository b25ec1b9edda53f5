import NIOCore
import Synchronization

/// One game connection on the lean path: its state, and what it has received but not yet handled.
///
/// The socket's event loop hands over each message; the session handles them one at a time, in order. When nothing
/// is waiting, a message is read and done there and then (``PlayerConnection/received(_:binary:at:_:)``): one that
/// needs only the connection, or the table it sits at when that table runs on the same loop (every turn and call
/// of a table whose players share its loop), leaves nothing to wait. Anything else waits in the inbox for a task
/// that lives only while there is something to handle — an idle connection has no task at all — and that runs on
/// an event loop too, not on Swift's own threads (see ``handleInTurn()``). A client that sends faster than its
/// requests are handled is not read until the session has caught up.
final class PlayerSession: WebSocketSession {
    /// Messages waiting before the socket is no longer read.
    static let inboxLimit = 16

    private enum Inbound {
        case opened
        case message([UInt8], binary: Bool, receivedAt: Duration)
        /// What a message already read left to do: it waits for the lobby, or a table on another thread.
        case work(PlayerConnection.Work)
        case ended
    }

    private struct Inbox {
        var queue: [Inbound] = [.opened]
        var head = 0
        /// Whether someone is handling the connection's messages: only they touch ``PlayerSession/context``.
        var handling = false
        var pausedReading = false

        mutating func next() -> Inbound? {
            guard head < queue.count else {
                queue.removeAll(keepingCapacity: false)
                head = 0
                return nil
            }
            defer { head += 1 }
            return queue[head]
        }

        var waiting: Int { queue.count - head }
    }

    let sender: WebSocketSender
    private let connection: PlayerConnection
    private let inbox = Mutex(Inbox())
    /// The connection's state. Only whoever set the inbox's `handling` touches it, and that flag changes hands under
    /// the inbox's lock, which orders one handler's last touch before the next one's first. It stays here rather
    /// than moving in and out of the lock with every message, which copied each of its parts both ways.
    private nonisolated(unsafe) var context: ConnectionContext
    /// Runs tasks on the socket's event loop.
    private let socketExecutor: EventLoopTaskExecutor

    init(connection: PlayerConnection, sender: WebSocketSender, context: ConnectionContext) {
        self.connection = connection
        self.sender = sender
        self.context = context
        socketExecutor = EventLoopTaskExecutor.on(context.outbox.loop)
        inbox.withLock { $0.handling = true }
        handleInTurn()
    }

    func received(_ message: ByteBuffer, binary: Bool) -> Bool {
        let received = connection.environment.clock.now
        // Copied out of the socket's receive buffer, so that NIO can reuse that buffer for the next read instead of
        // keeping more of them for this connection while the message waits its turn.
        let bytes = Array(message.readableBytesView)
        // Nothing waiting: read and done here and now, with no task, unless it leaves work to wait.
        let idle = inbox.withLock { inbox -> Bool in
            guard !inbox.handling else { return false }
            inbox.handling = true
            return true
        }
        guard idle else {
            return enqueue(.message(bytes, binary: binary, receivedAt: received))
        }
        let waiting = connection.received(bytes, binary: binary, at: received, &context)
        let more = inbox.withLock { inbox -> Bool in
            // First in line: anything queued meanwhile (an end, from another thread) came after it.
            if let waiting { inbox.queue.insert(.work(waiting), at: inbox.head) }
            inbox.handling = inbox.waiting > 0
            return inbox.handling
        }
        if more { handleInTurn() }
        return true
    }

    func ended() {
        _ = enqueue(.ended)
    }

    /// The client at `address` stopped reading: the connection ends, and the socket is cut if the close frame
    /// cannot get out.
    func overrun(from address: String) {
        ended()
        connection.overrun(sender, from: address)
    }

    /// Queues an arrival and starts handling if nothing is; whether to go on reading the socket.
    private func enqueue(_ item: Inbound) -> Bool {
        let (start, keepReading) = inbox.withLock { inbox -> (Bool, Bool) in
            inbox.queue.append(item)
            let start = !inbox.handling
            inbox.handling = true
            if inbox.waiting >= Self.inboxLimit { inbox.pausedReading = true }
            return (start, !inbox.pausedReading)
        }
        if start { handleInTurn() }
        return keepReading
    }

    /// Starts a task handling what has arrived: on the loop of the table the player is at or watches, where the
    /// table's actor runs, or else on the socket's own. Only by whoever set the inbox's `handling`.
    private func handleInTurn() {
        let table = context.table ?? context.watching
        Task(executorPreference: table?.taskExecutor ?? socketExecutor) { await self.handleAll() }
    }

    /// Handles what has arrived, in order, until nothing is waiting.
    private func handleAll() async {
        while true {
            let (item, resume) = inbox.withLock { inbox -> (Inbound?, Bool) in
                let item = inbox.next()
                var resume = false
                if item == nil {
                    inbox.handling = false
                    resume = inbox.pausedReading
                    inbox.pausedReading = false
                }
                return (item, resume)
            }
            guard let item else {
                if resume { sender.resumeReading() }
                return
            }
            switch item {
            case .opened:
                await connection.opened(&context)
            case .message(let bytes, let binary, let received):
                if let work = connection.received(bytes, binary: binary, at: received, &context) { await work(&context) }
            case .work(let work):
                await work(&context)
            case .ended:
                await connection.ended(&context)
            }
        }
    }
}
