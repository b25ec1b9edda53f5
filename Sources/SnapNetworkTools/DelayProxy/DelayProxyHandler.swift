import NIOCore

/// Hands what one side's channel reads, and its closing, to the pipe.
final class DelayProxyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let pipe: DelayProxyPipe
    private let side: DelayProxy.Side

    init(pipe: DelayProxyPipe, side: DelayProxy.Side) {
        self.pipe = pipe
        self.side = side
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pipe.arrived(unwrapInboundIn(data), from: side)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pipe.closed(side)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
