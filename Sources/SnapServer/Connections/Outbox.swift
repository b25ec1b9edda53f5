import NIOCore
import NIOWebSocket
import SnapProtocol
import Synchronization

/// The packets going out on one game connection, numbered in the order they are queued.
///
/// Tables queue packets without waiting for the network: the connection's ``WebSocketSender`` writes everything
/// queued in one event-loop tick at once. That keeps a slow connection from holding up a table, and the numbering
/// from ever having a gap. The bytes waiting are bounded by the sender: a client that lets more than its limit
/// pile up is not reading, and its outbox is overrun — nothing more is queued, a close frame is all that is left
/// to send, and the connection is told (``whenOverrun(_:)``).
final class Outbox: Sendable {
    // Read on every send, from the table's thread as well as the socket's: no lock.
    private let finished = Atomic(false)
    private let clientVersion = Atomic<UInt8>(1)
    /// When the client last said anything, in nanoseconds of server time: set on every message, so without a lock.
    /// Here rather than with the rest of what is known of the network: every message reads the closed flag beside
    /// it, so the store is to a cache line already at hand, where the network's would be one more to fetch on
    /// every turn.
    private let lastHeard: Atomic<Int64>
    // Every send reads the sender and the metrics beside the flags above, and every pong and every judged call the
    // network: they come before the handler only an abandoned outbox needs, so that they share the outbox's first
    // cache line. (A class's stored properties are laid out in this order.)
    private let sender: WebSocketSender
    private let metrics: ServerMetrics
    /// What the server knows of this connection's network.
    let network: ConnectionNetwork
    private let onAbandon = Mutex<(@Sendable () -> Void)?>(nil)

    /// An outbox writing through `sender` for a connection opened at `now` with `network`, counting the packets and
    /// bytes it queues in `metrics`.
    init(sender: WebSocketSender, network: ConnectionNetwork, metrics: ServerMetrics, openedAt now: Duration) {
        self.sender = sender
        self.network = network
        self.metrics = metrics
        lastHeard = Atomic(now.nanoseconds)
    }

    /// The event loop of the connection's socket.
    var loop: any EventLoop { sender.underlyingChannel.eventLoop }

    /// The protocol version the client speaks: 1 until it says otherwise with Hello.
    var version: UInt8 {
        get { clientVersion.load(ordering: .relaxed) }
        set { clientVersion.store(newValue, ordering: .relaxed) }
    }

    /// Notes that the client just sent something: it is still there.
    func heard(at now: Duration) {
        lastHeard.store(now.nanoseconds, ordering: .relaxed)
    }

    /// How long the client has been silent.
    func silence(at now: Duration) -> Duration {
        now - .nanoseconds(lastHeard.load(ordering: .relaxed))
    }

    /// Numbers and queues a packet. Does nothing once the outbox is closed.
    func send(_ packet: Packet) {
        send([packet])
    }

    /// Numbers and queues packets together for the client's version (``WebSocketSender/send(_:version:)``): one
    /// write, and to a client of protocol version 10 or later one WebSocket message. Does nothing once the outbox is
    /// closed.
    func send(_ packets: [Packet]) {
        guard !packets.isEmpty, !finished.load(ordering: .relaxed) else { return }
        if let sent = sender.send(packets, version: version) {
            metrics.packetsOut.increment(by: sent.packets)
            metrics.bytesOut.increment(by: sent.bytes)
        }
    }

    /// Queues a close frame after everything already queued; nothing more is sent after it. A client closed for
    /// breaking the protocol or a limit (1002, 1008) is cut once its close frame is out, without a handshake,
    /// unless `misbehaved` says otherwise (a connection refused for the server's own reasons is not cut).
    func close(_ code: WebSocketErrorCode, reason: String, misbehaved: Bool? = nil) {
        let cut = misbehaved ?? (code == .protocolError || code == .policyViolation)
        sender.close(code, reason: reason, cutAfterWrite: cut)
    }

    /// Closes the outbox for a client that is gone without a word, and tells the connection at once (see
    /// ``whenAbandoned(_:)``): the close frame may never get past packets stuck behind a peer that stopped reading.
    func abandon(_ code: WebSocketErrorCode, reason: String) {
        close(code, reason: reason)
        onAbandon.withLock { $0 }?()
    }

    /// What to do when the outbox is abandoned: the connection counts its player dropped.
    func whenAbandoned(_ handler: @escaping @Sendable () -> Void) {
        onAbandon.withLock { $0 = handler }
    }

    /// What to do when the outbox is overrun: the connection stops reading, and cuts the socket if even the close
    /// frame cannot get out.
    func whenOverrun(_ handler: @escaping @Sendable () -> Void) {
        sender.whenOverrun(handler)
    }

    /// Ends the outbox without a close frame (the connection is gone).
    func finish() {
        finished.store(true, ordering: .relaxed)
    }

    /// Whether the outbox has been closed or finished.
    var isClosed: Bool { finished.load(ordering: .relaxed) || sender.isClosed }
}
