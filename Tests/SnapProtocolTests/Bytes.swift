import SnapProtocol

/// A packet's bytes built by hand: the header for `type` and `number`, then `payload`.
func packet(_ type: PacketType, _ payload: [UInt8], number: UInt32 = 1) -> [UInt8] {
    Wire.magic + [UInt8(number >> 24), UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF)]
        + [UInt8(type.rawValue >> 8), UInt8(type.rawValue & 0xFF)] + payload
}

/// A string's bytes on the wire: UTF-8, then NUL.
func str(_ text: String) -> [UInt8] {
    Array(text.utf8) + [0]
}

/// The error decoding `bytes` throws (as one packet, or with `decode`), or nil when it decodes.
func decodingError(
    _ bytes: [UInt8], decode: ([UInt8]) throws(ProtocolError) -> Void = { _ = try Frame.decode($0) }
) -> ProtocolError? {
    do {
        try decode(bytes)
        return nil
    } catch {
        return error
    }
}
