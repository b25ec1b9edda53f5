import NIOCore
import NIOWebSocket

/// Holds a client's WebSocket frames to RFC 6455 before anything reads them, and closes the connection with the
/// code the RFC gives when one breaks it: 1002 for a frame the client must not send (unmasked, a reserved bit or
/// opcode, a control frame over 125 bytes or fragmented, a continuation with no message begun, a new message inside a
/// fragmented one, a bad close code), 1007 for text or a close reason that
/// is not UTF-8, 1009 for a message larger than the largest packet, however it is fragmented, and 1008 for a flood
/// of frames or of pings. A frame the decoder could not read (too large, or malformed) closes it the same way.
final class WebSocketFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// Closes the connection with a code and a reason: the close frame goes out after what is queued, then the
    /// socket is cut.
    typealias Close = (WebSocketErrorCode, String) -> Void

    /// WebSocket pings one connection may send (each is answered with a pong): the server's own Ping packets keep
    /// the connection alive, so a client needs few.
    static let pingRate = RequestLimits.Rate(perSecond: 5, burst: 20)

    private let maximumMessageSize: Int
    private var pings = TokenBucket(WebSocketFrameGuard.pingRate)
    private var frames: TokenBucket
    /// The kind and size so far of a fragmented message under way.
    private var fragmented: (opcode: WebSocketOpcode, size: Int, text: [UInt8])?
    private var closing = false
    private let closeConnection: Close

    /// A guard for messages of at most `maximumMessageSize` bytes, and frames at most at `frameRate`, that closes
    /// a connection breaking the rules with `close`.
    init(maximumMessageSize: Int, frameRate: RequestLimits.Rate, close: @escaping Close) {
        self.maximumMessageSize = maximumMessageSize
        self.frames = TokenBucket(frameRate)
        self.closeConnection = close
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let frame = unwrapInboundIn(data)
        if let (code, reason) = violation(of: frame) {
            return close(code, reason)
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once the decoder has failed, the rest of what the client sends is refused too; the close frame is on its
        // way, and the socket is cut after it.
        if closing, error is ByteToMessageDecoderError { return }
        guard let error = error as? NIOWebSocketError else { return context.fireErrorCaught(error) }
        // The decoder met a frame it would not read: larger than the largest packet, or breaking the framing.
        guard !closing else { return }
        switch error {
        case .invalidFrameLength: close(.messageTooLarge, "message too large")
        case .fragmentedControlFrame: close(.protocolError, "a fragmented control frame")
        case .multiByteControlFrameLength: close(.protocolError, "a control frame over 125 bytes")
        }
    }

    /// What is wrong with a frame, given the frames before it; nil when nothing is.
    private func violation(of frame: WebSocketFrame) -> (WebSocketErrorCode, String)? {
        guard frame.maskKey != nil else { return (.protocolError, "client frames must be masked") }
        // No extension is ever negotiated, so a reserved bit has no meaning: RFC 6455 §5.2 says fail the connection.
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else { return (.protocolError, "a reserved bit set with no extension") }
        guard frames.take(at: .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))) else {
            return (.policyViolation, "too many messages")
        }
        switch frame.opcode {
        case .continuation:
            guard var message = fragmented else { return (.protocolError, "a continuation with no message begun") }
            message.size += frame.length
            guard message.size <= maximumMessageSize else { return (.messageTooLarge, "message too large") }
            if message.opcode == .text { message.text += frame.unmaskedData.readableBytesView }
            if frame.fin {
                fragmented = nil
                if message.opcode == .text, !Self.isUTF8(message.text) { return (.dataInconsistentWithMessage, "text is not UTF-8") }
            } else {
                fragmented = message
            }
        case .text, .binary:
            guard fragmented == nil else { return (.protocolError, "a new message inside a fragmented one") }
            guard frame.length <= maximumMessageSize else { return (.messageTooLarge, "message too large") }
            let text = frame.opcode == .text ? Array(frame.unmaskedData.readableBytesView) : []
            if frame.fin {
                if frame.opcode == .text, !Self.isUTF8(text) { return (.dataInconsistentWithMessage, "text is not UTF-8") }
            } else {
                fragmented = (frame.opcode, frame.length, text)
            }
        case .connectionClose:
            return closeViolation(frame.unmaskedData)
        case .ping:
            guard pings.take(at: .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))) else {
                return (.policyViolation, "too many pings")
            }
        case .pong:
            break
        default:
            return (.protocolError, "unknown opcode")
        }
        return nil
    }

    /// What is wrong with a close frame's body: a code that may not be sent, or a reason that is not UTF-8.
    private func closeViolation(_ body: ByteBuffer) -> (WebSocketErrorCode, String)? {
        var body = body
        guard body.readableBytes > 0 else { return nil }
        guard let code = body.readInteger(as: UInt16.self) else { return (.protocolError, "a close frame of one byte") }
        // 1000–1003, 1007–1011 and 1012–1014 are defined for sending; 3000–4999 are for applications.
        let sendable: Set<UInt16> = [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014]
        guard sendable.contains(code) || (3000...4999).contains(code) else { return (.protocolError, "close code \(code)") }
        guard Self.isUTF8(Array(body.readableBytesView)) else { return (.dataInconsistentWithMessage, "close reason is not UTF-8") }
        return nil
    }

    /// Whether bytes are valid UTF-8.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Stops reading the connection and closes it with `code` and `reason`.
    private func close(_ code: WebSocketErrorCode, _ reason: String) {
        closing = true
        closeConnection(code, reason)
    }
}
