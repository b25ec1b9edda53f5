import NIOCore

/// The sender's place in a connection's pipeline, right after the socket's head: what it writes from here is
/// already whole WebSocket frames, and goes straight out, past the handlers that deal in frames.
final class WebSocketSocketWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes `bytes` to the socket and flushes; `promise` is completed once they are written. Before the handler
    /// is in a pipeline, or after it has left, nothing is written.
    func writeAndFlush(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let context else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.writeAndFlush(wrapOutboundOut(bytes), promise: promise)
    }
}
