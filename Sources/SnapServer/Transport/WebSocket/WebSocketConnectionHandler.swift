import NIOCore
import NIOWebSocket

/// The last handler of a connection on the lean WebSocket path: puts fragmented messages together and hands
/// whole ones to the session, answers pings, completes the closing handshake, and tells the session when the
/// connection ends. Frames reach it already checked against RFC 6455 by ``WebSocketFrameGuard``.
final class WebSocketConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame

    private let session: any WebSocketSession
    private let sender: WebSocketSender
    /// The message being put together from fragments, and whether it is binary.
    private var fragments: (buffer: ByteBuffer, binary: Bool)?
    private var ended = false

    init(session: any WebSocketSession, sender: WebSocketSender) {
        self.session = session
        self.sender = sender
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary, .text:
            let binary = frame.opcode == .binary
            if frame.fin {
                deliver(frame.unmaskedData, binary: binary, context: context)
            } else {
                fragments = (frame.unmaskedData, binary)
            }
        case .continuation:
            guard var message = fragments else { return }
            fragments = nil
            var data = frame.unmaskedData
            message.buffer.writeBuffer(&data)
            if frame.fin {
                deliver(message.buffer, binary: message.binary, context: context)
            } else {
                fragments = message
            }
        case .ping:
            sender.pong(frame.unmaskedData)
        case .connectionClose:
            var body = frame.unmaskedData
            sender.clientClosed(body.readWebSocketErrorCode())
        default:
            // Pongs need no answer; anything else the guard has closed the connection for.
            break
        }
    }

    private func deliver(_ message: ByteBuffer, binary: Bool, context: ChannelHandlerContext) {
        // After our close frame, what the client still sends is not read (RFC 6455 §5.5.1).
        guard !sender.isClosed else { return }
        if !session.received(message, binary: binary) {
            context.channel.setOption(.autoRead, value: false).whenFailure { _ in }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server is shutting down: whoever has not been told yet is told now.
        if event is ChannelShouldQuiesceEvent {
            sender.close(.goingAway, reason: "The server shut down.")
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A socket error ends the connection; the session hears of it from channelInactive.
        context.close(promise: nil)
    }

    private func end() {
        guard !ended else { return }
        ended = true
        fragments = nil
        session.ended()
    }
}
