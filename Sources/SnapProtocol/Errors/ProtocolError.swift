/// Why bytes could not be decoded as a packet. Decoding is all or nothing: an error means nothing was taken.
public enum ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The packet is larger than ``Wire/maximumPacketSize``.
    case oversized(size: Int)
    /// Fewer than 10 bytes: not even a header.
    case truncatedHeader(size: Int)
    /// The first four bytes are not `SNAP`.
    case badMagic
    /// The type number is not one of ours.
    case unknownType(UInt16)
    /// The payload ended while reading `field`.
    case truncated(field: String)
    /// A string had no terminating NUL byte before the end.
    case missingNul(field: String)
    /// A string was not valid UTF-8.
    case badUTF8(field: String)
    /// A string was longer than its field allows.
    case stringTooLong(field: String, limit: Int)
    /// A string that must be a node's WebSocket address is not a `ws://` or `wss://` URL (see ``NodeURL``).
    case badURL(field: String)
    /// A number was outside what `field` allows (a seat of 7, a card value of 14, …).
    case invalidValue(field: String, value: Int)
    /// A count said more items than `field` allows.
    case countOutOfRange(field: String, count: Int)
    /// Bytes were left over after the payload.
    case trailingBytes(count: Int)

    /// What is wrong with the bytes, in a sentence for people.
    public var description: String {
        switch self {
        case .oversized(let size): "packet of \(size) bytes is larger than the \(Wire.maximumPacketSize)-byte limit"
        case .truncatedHeader(let size): "packet of \(size) bytes is shorter than the 10-byte header"
        case .badMagic: "packet does not start with the magic bytes SNAP"
        case .unknownType(let type): "unknown packet type 0x\(String(type, radix: 16, uppercase: true))"
        case .truncated(let field): "packet ends in the middle of \(field)"
        case .missingNul(let field): "string \(field) has no terminating NUL byte"
        case .badUTF8(let field): "string \(field) is not valid UTF-8"
        case .stringTooLong(let field, let limit): "string \(field) is longer than \(limit) bytes"
        case .badURL(let field): "string \(field) is not a ws:// or wss:// URL"
        case .invalidValue(let field, let value): "\(field) cannot be \(value)"
        case .countOutOfRange(let field, let count): "\(field) cannot hold \(count) items"
        case .trailingBytes(let count): "\(count) unexpected bytes after the payload"
        }
    }
}
