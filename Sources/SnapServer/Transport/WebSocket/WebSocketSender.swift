import NIOCore
import NIOWebSocket
import Synchronization

/// The sending side of one connection on the lean WebSocket path: what any thread queues for it goes out with
/// everything else queued in the same event-loop tick — one buffer, one write and one flush — and its closing.
///
/// Messages are numbered in the order they are queued (the game's packets carry that number). The bytes the
/// connection holds unsent are bounded: when more than ``limit`` wait in the socket's buffer after a flush, the
/// client is not reading, and the sender is overrun — nothing more is queued, a close frame goes out behind what
/// the socket already holds, and ``whenOverrun(_:)``'s handler is told.
public final class WebSocketSender: Sendable {
    /// The close code and reason of an overrun sender.
    static let overrunClose = (code: WebSocketErrorCode.policyViolation, reason: "not reading: too much unsent data")

    /// How far the closing handshake has gone.
    private enum Closing {
        case open
        /// Our close frame is queued or sent; the client's answer is awaited until the close timeout.
        case closeSent
        /// The connection is being cut or has closed.
        case closed
    }

    private struct State {
        var pending: ByteBuffer?
        /// Where the message of parts queued to go out as one (``send(count:together:_:)``) starts in `pending`, while
        /// more may join it before the flush: it is built there in place, its header written once it is whole.
        var together: Int?
        var flushScheduled = false
        var nextNumber: UInt32 = 0
        var closing = Closing.open
        /// Cut the socket once the queued close frame is written, without waiting for the client's answer.
        var cutAfterClose = false
        var largestWaiting = 0
        /// What the socket held unsent after the last flush. Only this sender writes to it, so while this is 0 the
        /// socket holds nothing before the next flush, and need not be asked (asking costs a walk down the pipeline).
        var unsentAfterFlush = 0
        var onOverrun: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    private let channel: any Channel
    private let writer: NIOLoopBound<WebSocketSocketWriter>
    /// The most bytes the socket may hold unsent.
    public let limit: Int
    /// How long our close frame waits for the client's before the socket is closed anyway.
    public let closeTimeout: TimeAmount
    private let growth: (any WebSocketSenderGrowth)?

    /// A sender for `channel`, made on its event loop; `growth` is told every new high of the bytes waiting to go
    /// out at a flush (for metrics). Its ``socketWriter`` must be added first in the channel's pipeline.
    public init(
        channel: any Channel, limit: Int = .max, closeTimeout: TimeAmount = .seconds(10),
        growth: (any WebSocketSenderGrowth)? = nil
    ) {
        self.channel = channel
        self.writer = NIOLoopBound(WebSocketSocketWriter(), eventLoop: channel.eventLoop)
        self.limit = limit
        self.closeTimeout = closeTimeout
        self.growth = growth
    }

    /// Queues a binary message made by `message` from its number; does nothing once closing. Returns the
    /// message's size, or nil when nothing was queued.
    @discardableResult
    public func send(_ message: (UInt32) -> [UInt8]) -> Int? {
        send(count: 1) { _, number in message(number) }
    }

    /// Queues `count` binary messages at once, made by `message` from their index and number, so that they go out
    /// in the same write (an event's packets to one seat); does nothing once closing. Returns their total size, or
    /// nil when nothing was queued.
    ///
    /// `together`: the messages are parts of one WebSocket message, joined with the parts queued `together` before
    /// and after them until the flush (the packets of one moment to a client of protocol version 10), as long as
    /// the whole stays within ``togetherLimit`` bytes; a part that would go over starts the next message, and a part
    /// larger than that is a message of its own.
    @discardableResult
    public func send(
        count: Int, together: Bool = false, _ message: (_ index: Int, _ number: UInt32) -> [UInt8]
    ) -> Int? {
        guard count > 0 else { return 0 }
        let (size, schedule) = state.withLock { state -> (Int?, Bool) in
            guard case .open = state.closing else { return (nil, false) }
            if !together { frameTogether(&state) }
            var size = 0
            var buffer = state.pending ?? channel.allocator.buffer(capacity: 64)
            state.pending = nil
            for index in 0..<count {
                let bytes = message(index, state.nextNumber)
                state.nextNumber &+= 1
                size += bytes.count
                if together, bytes.count <= Self.togetherLimit {
                    if let start = state.together,
                        WebSocketServerFrames.payloadLength(startedAt: start, in: buffer) + bytes.count > Self.togetherLimit {
                        Self.endTogether(&state.together, in: &buffer)
                    }
                    if state.together == nil { state.together = WebSocketServerFrames.beginBinary(in: &buffer) }
                    buffer.writeBytes(bytes)
                } else {
                    Self.endTogether(&state.together, in: &buffer)
                    WebSocketServerFrames.appendBinary(bytes, to: &buffer)
                }
            }
            state.pending = buffer
            return (size, scheduleFlush(&state))
        }
        if schedule { channel.eventLoop.execute { self.flush() } }
        return size
    }

    /// The most bytes of one message made of parts sent together: the largest message a Snap! client reads.
    public static let togetherLimit = 4096

    /// Frames the parts waiting to go out together, behind what is already queued.
    private func frameTogether(_ state: inout State) {
        guard state.together != nil, var buffer = state.pending else { return }
        state.pending = nil
        Self.endTogether(&state.together, in: &buffer)
        state.pending = buffer
    }

    /// Ends the message of parts that starts at `together` in `buffer`, if one does; none is being made after it.
    private static func endTogether(_ together: inout Int?, in buffer: inout ByteBuffer) {
        guard let start = together else { return }
        WebSocketServerFrames.endBinary(startedAt: start, in: &buffer)
        together = nil
    }

    /// Queues a pong answering a client's ping.
    func pong(_ payload: ByteBuffer) {
        let schedule = state.withLock { state -> Bool in
            guard case .open = state.closing else { return false }
            append(to: &state) { WebSocketServerFrames.appendPong(payload, to: &$0) }
            return scheduleFlush(&state)
        }
        if schedule { channel.eventLoop.execute { self.flush() } }
    }

    /// Queues a close frame after everything already queued; nothing more is sent after it. With
    /// `cutAfterWrite`, the socket is closed as soon as the frame is written (a client that broke the rules gets no
    /// handshake: waiting for its answer would keep reading whatever it goes on sending); otherwise the client's
    /// own close frame is awaited, for at most ``closeTimeout``.
    public func close(_ code: WebSocketErrorCode, reason: String, cutAfterWrite: Bool = false) {
        let schedule = state.withLock { state -> Bool in
            guard case .open = state.closing else { return false }
            state.closing = .closeSent
            state.cutAfterClose = cutAfterWrite
            append(to: &state) { WebSocketServerFrames.appendClose(code, reason: reason, to: &$0) }
            return scheduleFlush(&state)
        }
        if schedule { channel.eventLoop.execute { self.flush() } }
    }

    /// The client sent its close frame: the handshake is complete if ours went first; otherwise it is answered with
    /// the same code and the socket closed once the answer is out.
    func clientClosed(_ code: WebSocketErrorCode?) {
        let answered = state.withLock { state -> Bool in
            guard case .open = state.closing else { return true }
            return false
        }
        if answered { return cut() }
        close(code ?? .normalClosure, reason: "", cutAfterWrite: true)
    }

    /// Closes the socket now, without waiting for what is queued.
    public func cut() {
        state.withLock { state in
            state.closing = .closed
            state.pending = nil
            state.together = nil
        }
        channel.close(promise: nil)
    }

    /// What to do when the sender is overrun.
    func whenOverrun(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.onOverrun = handler }
    }

    /// Whether a close frame has been queued, or the connection cut.
    public var isClosed: Bool {
        state.withLock { state in
            if case .open = state.closing { return false }
            return true
        }
    }


    /// The connection's channel, for what the socket level does with it (reading, the remote address).
    var underlyingChannel: any Channel { channel }

    /// The handler the sender writes through; on the event loop only.
    var socketWriter: WebSocketSocketWriter { writer.value }

    // MARK: - On the event loop

    private func append(to state: inout State, _ write: (inout ByteBuffer) -> Void) {
        frameTogether(&state)
        var buffer = state.pending ?? channel.allocator.buffer(capacity: 64)
        state.pending = nil
        write(&buffer)
        state.pending = buffer
    }

    /// Marks a flush as scheduled; whether the caller must schedule it (one per tick).
    private func scheduleFlush(_ state: inout State) -> Bool {
        guard !state.flushScheduled else { return false }
        state.flushScheduled = true
        return true
    }

    /// Writes and flushes everything queued, then checks what the socket could not take.
    private func flush() {
        let (batch, closing, cutAfterClose, unsentBefore) = state.withLock { state in
            state.flushScheduled = false
            frameTogether(&state)
            defer { state.pending = nil }
            return (state.pending, state.closing, state.cutAfterClose, state.unsentAfterFlush)
        }
        guard let batch, batch.readableBytes > 0 else { return }
        switch closing {
        case .open:
            // What waits to go out at this flush: the batch, behind whatever the socket still holds.
            let waiting = (unsentBefore > 0 ? unsentBytes() : 0) + batch.readableBytes
            writer.value.writeAndFlush(batch, promise: nil)
            check(waiting: waiting, unsent: unsentBytes())
        case .closeSent:
            let channel = channel
            if cutAfterClose {
                let written = channel.eventLoop.makePromise(of: Void.self)
                writer.value.writeAndFlush(batch, promise: written)
                written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            } else {
                writer.value.writeAndFlush(batch, promise: nil)
                channel.eventLoop.scheduleTask(in: closeTimeout) { channel.close(promise: nil) }
            }
        case .closed:
            break
        }
    }

    /// The bytes the socket holds, written but not yet taken by the kernel.
    private func unsentBytes() -> Int {
        (try? channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// A new high of the bytes waiting at a flush is reported; more than the limit left unsent after it
    /// overruns the sender.
    private func check(waiting: Int, unsent: Int) {
        let (growth, overrun) = state.withLock { state -> (Int?, (@Sendable () -> Void)?) in
            state.unsentAfterFlush = unsent
            if unsent > limit, case .open = state.closing {
                return (nil, state.onOverrun)
            }
            guard waiting > state.largestWaiting else { return (nil, nil) }
            state.largestWaiting = waiting
            return (waiting, nil)
        }
        if let growth { self.growth?.outboxGrew(to: growth) }
        if let overrun {
            close(Self.overrunClose.code, reason: Self.overrunClose.reason)
            overrun()
        }
    }
}

/// What is told every new high of the bytes waiting to go out on a ``WebSocketSender`` (for metrics): one object for
/// every sender of a server, rather than a closure allocated for each.
public protocol WebSocketSenderGrowth: AnyObject, Sendable {
    /// A sender had `bytes` waiting at a flush, more than ever before.
    func outboxGrew(to bytes: Int)
}
