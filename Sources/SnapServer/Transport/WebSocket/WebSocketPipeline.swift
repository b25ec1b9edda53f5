import NIOCore

/// The handlers of a WebSocket connection once the upgrade is done, in order: the sender's writer first (whole
/// frames go out past NIO's frame encoder), the ``WebSocketFrameGuard``, and the ``WebSocketConnectionHandler``
/// that hands whole messages to the session.
///
/// The one place they are put together: the server installs them after each upgrade (``SnapServerChannel``), and
/// the in-process test harness on channels of its own, so that its tests take the same path from a frame on.
enum WebSocketPipeline {
    /// Adds the handlers of `session`'s connection to `channel`, whose frames are already decoded; on the channel's
    /// event loop.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: the largest message, whole or in fragments.
    ///   - frameRate: how fast the client may send frames.
    static func install(
        on channel: any Channel, session: any WebSocketSession, maximumMessageSize: Int, frameRate: RequestLimits.Rate
    ) throws {
        let operations = channel.pipeline.syncOperations
        let sender = session.sender
        try operations.addHandler(sender.socketWriter, position: .first)
        try operations.addHandler(
            WebSocketFrameGuard(maximumMessageSize: maximumMessageSize, frameRate: frameRate) {
                sender.close($0, reason: $1, cutAfterWrite: true)
            })
        try operations.addHandler(WebSocketConnectionHandler(session: session, sender: sender))
    }
}
