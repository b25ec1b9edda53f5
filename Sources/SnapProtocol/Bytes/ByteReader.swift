import SnapCore

/// Reads the wire format's data types from a packet, strictly: every read checks that the bytes are there
/// and that the value is one the field allows, and throws a ``ProtocolError`` naming the field otherwise.
///
/// Field names are autoclosures so that they are only built when something is wrong.
struct ByteReader {
    private let bytes: [UInt8]
    /// Where the next read starts.
    private(set) var offset: Int

    /// A reader over `bytes`, starting at `offset`.
    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = min(max(offset, 0), bytes.count)
    }

    /// The bytes not read yet.
    var remaining: Int { bytes.count - offset }

    /// One byte.
    mutating func u8(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated(field: field()) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Two bytes, big-endian.
    mutating func u16(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt16 {
        try integer(UInt16.self, field)
    }

    /// Four bytes, big-endian.
    mutating func u32(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt32 {
        try integer(UInt32.self, field)
    }

    /// Eight bytes, big-endian.
    mutating func u64(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt64 {
        try integer(UInt64.self, field)
    }

    /// A byte that must be 0 (false) or 1 (true).
    mutating func bool(_ field: @autoclosure () -> String) throws(ProtocolError) -> Bool {
        switch try u8(field()) {
        case 0: return false
        case 1: return true
        case let other: throw .invalidValue(field: field(), value: Int(other))
        }
    }

    /// A number of at most `limit`, in one byte.
    mutating func number(_ field: @autoclosure () -> String, limit: Int) throws(ProtocolError) -> UInt8 {
        let value = try u8(field())
        guard Int(value) <= limit else { throw .invalidValue(field: field(), value: Int(value)) }
        return value
    }

    /// A time in microseconds, four bytes, of at most ``Wire/maximumReaction``.
    mutating func microseconds(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt32 {
        let value = try u32(field())
        guard value <= Wire.maximumReaction else { throw .invalidValue(field: field(), value: Int(value)) }
        return value
    }

    /// A list's one-byte count, which must be at most `limit`.
    mutating func count(_ field: @autoclosure () -> String, limit: Int) throws(ProtocolError) -> Int {
        let count = Int(try u8(field()))
        guard count <= limit else { throw .countOutOfRange(field: field(), count: count) }
        return count
    }

    /// UTF-8 bytes up to a NUL, which is consumed. The NUL must come within ``Wire/maximumStringBytes`` + 1
    /// bytes: a longer run is `stringTooLong`, even when a NUL comes later; a run that ends first is `missingNul`.
    /// With no bytes left at all it is `truncated`, like every other field.
    mutating func string(_ field: @autoclosure () -> String) throws(ProtocolError) -> String {
        guard remaining > 0 else { throw .truncated(field: field()) }
        let searchEnd = min(bytes.count, offset + Wire.maximumStringBytes + 1)
        guard let nul = bytes[offset..<searchEnd].firstIndex(of: 0) else {
            if searchEnd - offset > Wire.maximumStringBytes {
                throw .stringTooLong(field: field(), limit: Wire.maximumStringBytes)
            }
            throw .missingNul(field: field())
        }
        guard let string = String(validating: bytes[offset..<nul], as: UTF8.self) else {
            throw .badUTF8(field: field())
        }
        offset = nul + 1
        return string
    }

    /// A seat number, 0–3.
    mutating func seat(_ field: @autoclosure () -> String) throws(ProtocolError) -> Seat {
        let value = try u8(field())
        guard let seat = Seat(rawValue: value) else { throw .invalidValue(field: field(), value: Int(value)) }
        return seat
    }

    /// A seat number, or ``Wire/noSeat`` for nil.
    mutating func optionalSeat(_ field: @autoclosure () -> String) throws(ProtocolError) -> Seat? {
        let value = try u8(field())
        if value == Wire.noSeat { return nil }
        guard let seat = Seat(rawValue: value) else { throw .invalidValue(field: field(), value: Int(value)) }
        return seat
    }

    /// A card: suit (0–3), then value (1–13).
    mutating func card(_ field: @autoclosure () -> String) throws(ProtocolError) -> Card {
        let suitByte = try u8(field() + ".suit")
        guard let suit = Suit(rawValue: suitByte) else {
            throw .invalidValue(field: field() + ".suit", value: Int(suitByte))
        }
        let value = try u8(field() + ".value")
        guard let card = Card(suit: suit, value: value) else {
            throw .invalidValue(field: field() + ".value", value: Int(value))
        }
        return card
    }

    /// A one-byte count of at most `limit`, then that many items read by `readItem`, which gets each index.
    mutating func list<Item>(
        _ field: @autoclosure () -> String,
        limit: Int,
        _ readItem: (inout ByteReader, Int) throws(ProtocolError) -> Item
    ) throws(ProtocolError) -> [Item] {
        let count = try count(field(), limit: limit)
        var items = [Item]()
        items.reserveCapacity(count)
        for index in 0..<count { items.append(try readItem(&self, index)) }
        return items
    }

    /// Throws `trailingBytes` unless every byte has been read.
    func finish() throws(ProtocolError) {
        guard remaining == 0 else { throw .trailingBytes(count: remaining) }
    }

    private mutating func integer<Value: FixedWidthInteger>(
        _: Value.Type,
        _ field: () -> String
    ) throws(ProtocolError) -> Value {
        let size = MemoryLayout<Value>.size
        guard remaining >= size else { throw .truncated(field: field()) }
        var value: Value = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | Value(byte) }
        offset += size
        return value
    }
}
