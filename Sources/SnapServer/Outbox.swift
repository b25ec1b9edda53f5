import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import SnapProtocol
import Synchronization

/// The packets waiting to go out on one connection, numbered in the order they were queued.
///
/// Tables queue packets without waiting for the network; a writer task per connection sends them. That keeps
/// a slow connection from holding up a table, and the numbering from ever having a gap.
final class Outbox: Sendable {
    enum Item: Sendable {
        case bytes([UInt8])
        case close(WebSocketErrorCode, String)
    }

    private struct State {
        var nextNumber: UInt32 = 0
        var closed = false
        var version: UInt8 = 1
        var onAbandon: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<Item>.Continuation
    private let stream: AsyncStream<Item>
    private let onSend: @Sendable (Int) -> Void
    /// What the server knows of this connection's network.
    let network: ConnectionNetwork

    /// An outbox for a connection with `network`; `onSend` is told the size of every packet queued (for metrics).
    init(network: ConnectionNetwork, onSend: @escaping @Sendable (Int) -> Void = { _ in }) {
        (stream, continuation) = AsyncStream.makeStream(of: Item.self)
        self.network = network
        self.onSend = onSend
    }

    /// The protocol version the client speaks: 1 until it says otherwise with Hello.
    var version: UInt8 {
        get { state.withLock { $0.version } }
        set { state.withLock { $0.version = newValue } }
    }

    /// Numbers and queues a packet. Does nothing once the outbox is closed.
    func send(_ packet: Packet) {
        state.withLock { state in
            guard !state.closed else { return }
            let bytes = Frame(number: state.nextNumber, packet: packet).encoded()
            state.nextNumber &+= 1
            continuation.yield(.bytes(bytes))
            onSend(bytes.count)
        }
    }

    /// Queues a close frame after everything already queued; nothing more is sent after it.
    func close(_ code: WebSocketErrorCode, reason: String) {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
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

    /// Ends the outbox without a close frame (the connection is gone).
    func finish() {
        state.withLock { $0.closed = true }
        continuation.finish()
    }

    /// Whether the outbox has been closed or finished.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Sends everything queued, in order, until the outbox is finished.
    func drain(into outbound: WebSocketOutboundWriter) async {
        for await item in stream {
            do {
                switch item {
                case .bytes(let bytes):
                    try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
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
