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

    /// Starts a binary message whose payload the caller writes after it, and ends with
    /// ``endBinary(startedAt:in:)``: leaves room for the header of a payload of up to 65,535 bytes, and returns where
    /// the message starts. A message built in place needs no buffer of its own.
    static func beginBinary(in buffer: inout ByteBuffer) -> Int {
        let start = buffer.writerIndex
        buffer.writeInteger(UInt32(0))
        return start
    }

    /// The bytes of payload written so far in the message begun at `start`.
    static func payloadLength(startedAt start: Int, in buffer: ByteBuffer) -> Int {
        buffer.writerIndex - start - 4
    }

    /// Ends the message begun at `start` (``beginBinary(in:)``) with what was written since as its payload: writes
    /// its header, moving a short payload back over the room its shorter header leaves.
    static func endBinary(startedAt start: Int, in buffer: inout ByteBuffer) {
        let length = payloadLength(startedAt: start, in: buffer)
        precondition(length >= 0 && length <= Int(UInt16.max), "a message built in place holds at most 65,535 bytes")
        buffer.setInteger(0x80 | UInt8(webSocketOpcode: .binary), at: start)
        if length < 126 {
            _ = try! buffer.copyBytes(at: start + 4, to: start + 2, length: length)
            buffer.moveWriterIndex(to: buffer.writerIndex - 2)
            buffer.setInteger(UInt8(length), at: start + 1)
        } else {
            buffer.setInteger(UInt8(126), at: start + 1)
            buffer.setInteger(UInt16(length), at: start + 2)
        }
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
