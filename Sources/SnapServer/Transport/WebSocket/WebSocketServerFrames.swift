import NIOCore
import NIOWebSocket

/// The frames a server writes, encoded straight into the bytes that go on the wire (RFC 6455 §5.2): unmasked, one
/// frame per message, the length in as few bytes as it fits in.
///
/// The lean WebSocket path writes these bytes itself, so that every frame of one event-loop tick goes out in one
/// buffer, one write and one flush.
enum WebSocketServerFrames {
    /// Appends a whole binary message.
    static func appendBinary(_ payload: some Collection<UInt8>, to buffer: inout ByteBuffer) {
        appendHeader(opcode: .binary, length: payload.count, to: &buffer)
        buffer.writeBytes(payload)
    }

    /// Appends a pong answering a ping with `payload`.
    static func appendPong(_ payload: ByteBuffer, to buffer: inout ByteBuffer) {
        appendHeader(opcode: .pong, length: payload.readableBytes, to: &buffer)
        buffer.writeImmutableBuffer(payload)
    }

    /// Appends a close frame with `code` and `reason` (cut to the 123 bytes a control frame leaves for it, on a
    /// character boundary).
    static func appendClose(_ code: WebSocketErrorCode, reason: String, to buffer: inout ByteBuffer) {
        var utf8 = Array(reason.utf8.prefix(123))
        // Never cut a character in two: drop continuation bytes left without their lead, and the lead itself.
        while !utf8.isEmpty, String(validating: utf8, as: UTF8.self) == nil { utf8.removeLast() }
        appendHeader(opcode: .connectionClose, length: 2 + utf8.count, to: &buffer)
        buffer.write(webSocketErrorCode: code)
        buffer.writeBytes(utf8)
    }

    /// The bytes a frame's header takes for a payload of `length` bytes.
    static func headerSize(length: Int) -> Int {
        length < 126 ? 2 : length <= Int(UInt16.max) ? 4 : 10
    }

    private static func appendHeader(opcode: WebSocketOpcode, length: Int, to buffer: inout ByteBuffer) {
        // FIN set, no extension bits: every frame is a whole message.
        buffer.writeInteger(0x80 | UInt8(webSocketOpcode: opcode))
        if length < 126 {
            buffer.writeInteger(UInt8(length))
        } else if length <= Int(UInt16.max) {
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        } else {
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
