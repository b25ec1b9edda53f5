import NIOCore

/// What one WebSocket connection on the lean path does with the messages it receives.
///
/// A session is made when the upgrade is done and lives exactly as long as the connection, with no task of its
/// own: the socket's event loop hands it each whole message (``received(_:binary:)``) and, once, the end
/// (``ended()``). It answers through the ``WebSocketSender`` it was made with.
public protocol WebSocketSession: AnyObject, Sendable {
    /// Where the session's messages go out.
    var sender: WebSocketSender { get }

    /// A whole message arrived (on the connection's event loop). Returns whether to go on reading now; after
    /// false, the session calls ``WebSocketSender/resumeReading()`` once it has caught up.
    func received(_ message: ByteBuffer, binary: Bool) -> Bool

    /// The connection has closed; nothing more arrives.
    func ended()
}

extension WebSocketSender {
    /// Reads from the socket again after a session asked to pause.
    public func resumeReading() {
        underlyingChannel.setOption(.autoRead, value: true).whenFailure { _ in
            // The connection has closed meanwhile; there is nothing to read.
        }
    }
}
