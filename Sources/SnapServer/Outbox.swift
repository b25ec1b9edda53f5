import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import SnapProtocol
import Synchronization

/// The packets waiting to go out on one connection, numbered in the order they were queued.
///
/// Tables queue packets without waiting for the network; a writer task per connection sends them. That keeps
/// a slow connection from holding up a table, and the numbering from ever having a gap. The bytes waiting are
/// bounded: a client that lets more than ``limit`` pile up is not reading, and its outbox is overrun — what is
/// queued is dropped, a close frame is all that is left to send, and the connection is told (``whenOverrun(_:)``).
final class Outbox: Sendable {
    enum Item: Sendable {
        case bytes([UInt8])
        case close(WebSocketErrorCode, String)
    }

    private struct State {
        var nextNumber: UInt32 = 0
        var closed = false
        var version: UInt8 = 1
        var queuedBytes = 0
        var largest = 0
        var overrun = false
        var closeCode: WebSocketErrorCode?
        var onAbandon: (@Sendable () -> Void)?
        var onOverrun: (@Sendable () -> Void)?
    }

    /// The close code and reason of an overrun outbox.
    static let overrunClose = (code: WebSocketErrorCode.policyViolation, reason: "not reading: too much unsent data")

    private let state = Mutex(State())
    private let continuation: AsyncStream<Item>.Continuation
    private let stream: AsyncStream<Item>
    private let onSend: @Sendable (Int) -> Void
    private let onGrowth: @Sendable (Int) -> Void
    /// What the server knows of this connection's network.
    let network: ConnectionNetwork
    /// The most bytes that may wait to go out.
    let limit: Int

    /// An outbox for a connection with `network`, holding at most `limit` bytes unsent; `onSend` is told the size
    /// of every packet queued, `onGrowth` every new high of the bytes waiting (for metrics).
    init(
        network: ConnectionNetwork, limit: Int = .max, onSend: @escaping @Sendable (Int) -> Void = { _ in },
        onGrowth: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        self.network = network
        self.limit = limit
        self.onSend = onSend
        self.onGrowth = onGrowth
    }

    /// The protocol version the client speaks: 1 until it says otherwise with Hello.
    var version: UInt8 {
        get { state.withLock { $0.version } }
        set { state.withLock { $0.version = newValue } }
    }

    /// Numbers and queues a packet. Does nothing once the outbox is closed.
    func send(_ packet: Packet) {
        let (growth, overrun) = state.withLock { state -> (Int?, Bool) in
            guard !state.closed else { return (nil, false) }
            let bytes = Frame(number: state.nextNumber, packet: packet).encoded()
            state.nextNumber &+= 1
            state.queuedBytes += bytes.count
            onSend(bytes.count)
            if state.queuedBytes > limit {
                state.overrun = true
                state.closed = true
                continuation.yield(.close(Self.overrunClose.code, Self.overrunClose.reason))
                continuation.finish()
                return (nil, true)
            }
            continuation.yield(.bytes(bytes))
            guard state.queuedBytes > state.largest else { return (nil, false) }
            state.largest = state.queuedBytes
            return (state.largest, false)
        }
        if let growth { onGrowth(growth) }
        if overrun { state.withLock { $0.onOverrun }?() }
    }

    /// Queues a close frame after everything already queued; nothing more is sent after it.
    func close(_ code: WebSocketErrorCode, reason: String) {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            state.closeCode = code
            continuation.yield(.close(code, reason))
            continuation.finish()
        }
    }

    /// Closes the outbox for a client that is gone without a word, and tells the connection at once (see
    /// ``whenAbandoned(_:)``): the close frame may never get past packets stuck behind a peer that stopped reading.
    func abandon(_ code: WebSocketErrorCode, reason: String) {
        close(code, reason: reason)
        state.withLock { $0.onAbandon }?()
    }

    /// What to do when the outbox is abandoned: the connection stops reading and counts its player dropped.
    func whenAbandoned(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.onAbandon = handler }
    }

    /// What to do when the outbox is overrun: the connection stops reading, and cuts the socket if even the close
    /// frame cannot get out.
    func whenOverrun(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.onOverrun = handler }
    }

    /// Ends the outbox without a close frame (the connection is gone).
    func finish() {
        state.withLock { $0.closed = true }
        continuation.finish()
    }

    /// Whether the outbox has been closed or finished.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Whether the outbox was closed because its client broke the protocol or a limit (close codes 1002 and 1008).
    var closedForMisbehaving: Bool {
        state.withLock { $0.overrun || $0.closeCode == .protocolError || $0.closeCode == .policyViolation }
    }

    /// Whether the outbox was overrun by a client that did not read.
    var isOverrun: Bool { state.withLock { $0.overrun } }

    /// The bytes waiting to go out now.
    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// Sends everything queued, in order, until the outbox is finished; once overrun, only the close frame.
    func drain(into outbound: WebSocketOutboundWriter) async {
        for await item in stream {
            do {
                switch item {
                case .bytes(let bytes):
                    if isOverrun { continue }
                    try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                    state.withLock { $0.queuedBytes -= bytes.count }
                case .close(let code, let reason):
                    try await outbound.close(code, reason: reason)
                    return
                }
            } catch {
                return
            }
        }
    }
}
