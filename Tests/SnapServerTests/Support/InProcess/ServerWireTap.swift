import NIOCore

/// Stands at the head of an in-process connection's pipeline, where the socket would be: hands what the server
/// writes (whole WebSocket frames, as bytes) to the test's ``InProcessSocket``, and answers the server's close
/// frame as a client does.
final class ServerWireTap: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let socket: InProcessSocket

    init(socket: InProcessSocket) {
        self.socket = socket
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let answer = socket.received(unwrapOutboundIn(data))
        // Written: what the server sent is the test's now, and nothing is left for the channel to hold.
        promise?.succeed(())
        guard let answer else { return }
        let channel = context.channel
        // After the write in hand is done, as a client's answer would arrive.
        context.eventLoop.execute {
            guard channel.isActive else { return }
            channel.pipeline.syncOperations.fireChannelRead(NIOAny(answer))
            channel.pipeline.syncOperations.fireChannelReadComplete()
        }
    }

    func flush(context: ChannelHandlerContext) {
        // Nothing goes further than this handler.
    }
}
