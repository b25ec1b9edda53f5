/// One WebSocket frame (RFC 6455) as the raw clients of the benchmarks and tests write and read them — including
/// frames no proper client would send: reserved bits, reserved opcodes, unmasked.
public struct WebSocketFrame: Equatable, Sendable {
    /// Frame types.
    public enum Opcode: UInt8 {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
    }

    /// The opcode as sent (any 4-bit value; 0x3–0x7 and 0xB–0xF are reserved).
    public var opcode: UInt8
    /// The payload, unmasked.
    public var payload: [UInt8]
    /// Whether this is the last frame of its message.
    public var fin = true
    /// The three reserved bits (RSV1–3), which must be 0 without an extension.
    public var reserved: UInt8 = 0

    /// A frame of type `opcode`.
    public init(_ opcode: Opcode, _ payload: [UInt8] = [], fin: Bool = true) {
        self.init(rawOpcode: opcode.rawValue, payload, fin: fin)
    }

    /// A frame with any opcode, reserved ones included.
    public init(rawOpcode: UInt8, _ payload: [UInt8], fin: Bool = true, reserved: UInt8 = 0) {
        opcode = rawOpcode & 0x0F
        self.payload = payload
        self.fin = fin
        self.reserved = reserved & 0x07
    }

    /// A close frame with a status code and a reason.
    public static func close(code: UInt16, reason: String = "") -> WebSocketFrame {
        WebSocketFrame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// The status code of a close frame, if it carries one.
    public var closeCode: UInt16? {
        guard opcode == Opcode.close.rawValue, payload.count >= 2 else { return nil }
        return UInt16(payload[0]) << 8 | UInt16(payload[1])
    }

    /// The reason of a close frame (empty when there is none).
    public var closeReason: String {
        guard opcode == Opcode.close.rawValue, payload.count > 2 else { return "" }
        return String(decoding: payload[2...], as: UTF8.self)
    }

    /// The frame's bytes; masked with `mask` as a client must (nil: unmasked, which a server must refuse).
    public func encoded(mask: [UInt8]? = [0x5A, 0xC3, 0x0F, 0x96]) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | reserved << 4 | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case ..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536:
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * UInt64($0))) }
        }
        guard let mask else { return bytes + payload }
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return bytes
    }

    /// The first whole frame at the start of `bytes` and how many bytes it took; nil while it is incomplete.
    public static func parse(_ bytes: ArraySlice<UInt8>) -> (frame: WebSocketFrame, length: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let first = bytes[start]
        let second = bytes[start + 1]
        var index = start + 2
        var length = Int(second & 0x7F)
        if length >= 126 {
            let extra = length == 126 ? 2 : 8
            guard bytes.count >= 2 + extra else { return nil }
            length = bytes[index..<index + extra].reduce(0) { $0 << 8 | Int($1) }
            index += extra
        }
        var mask: [UInt8]?
        if second & 0x80 != 0 {
            guard bytes.endIndex - index >= 4 else { return nil }
            mask = Array(bytes[index..<index + 4])
            index += 4
        }
        guard length >= 0, bytes.endIndex - index >= length else { return nil }
        var payload = Array(bytes[index..<index + length])
        if let mask { payload = payload.enumerated().map { $0.element ^ mask[$0.offset % 4] } }
        let frame = WebSocketFrame(rawOpcode: first & 0x0F, payload, fin: first & 0x80 != 0, reserved: first >> 4)
        return (frame, index + length - start)
    }
}
