import SnapCore

/// Appends the wire format's data types to a byte buffer: big-endian integers, NUL-terminated strings,
/// seats, cards and counted lists.
///
/// Writing never fails: a value wider than its field is squeezed to fit (numbers saturate, strings are cut,
/// lists keep their first 255 items), so only a frame that breaks the format's limits reads back differently.
struct ByteWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Drops every byte after the first `count`.
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(min(count, bytes.count)...)
    }

    /// Appends bytes written elsewhere.
    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// One byte.
    mutating func u8(_ value: UInt8) {
        bytes.append(value)
    }

    /// A number in one byte, saturating at 0 and 255.
    mutating func u8(clamping value: Int) {
        bytes.append(UInt8(clamping: value))
    }

    /// Two bytes, big-endian.
    mutating func u16(_ value: UInt16) {
        append(value)
    }

    /// A number in two bytes, saturating at 0 and 65,535.
    mutating func u16(clamping value: Int) {
        append(UInt16(clamping: value))
    }

    /// Four bytes, big-endian.
    mutating func u32(_ value: UInt32) {
        append(value)
    }

    /// Eight bytes, big-endian.
    mutating func u64(_ value: UInt64) {
        append(value)
    }

    /// 1 for true, 0 for false.
    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// The string's UTF-8 bytes and a NUL. A string is cut at its first NUL and to at most
    /// ``Wire/maximumStringBytes`` bytes, between two Unicode scalars, so that it always reads back.
    mutating func string(_ value: String) {
        var length = 0
        for scalar in value.unicodeScalars {
            let size = UTF8.width(scalar)
            guard scalar != "\0", length + size <= Wire.maximumStringBytes else { break }
            length += size
        }
        bytes.append(contentsOf: value.utf8.prefix(length))
        bytes.append(0)
    }

    /// A seat number, 0–3.
    mutating func seat(_ seat: Seat) {
        bytes.append(seat.rawValue)
    }

    /// A seat number, or ``Wire/noSeat`` for nil.
    mutating func optionalSeat(_ seat: Seat?) {
        bytes.append(seat?.rawValue ?? Wire.noSeat)
    }

    /// A card: suit, then value.
    mutating func card(_ card: Card) {
        bytes.append(card.suit.rawValue)
        bytes.append(card.value)
    }

    /// A one-byte count, then each item (at most 255 of them).
    mutating func list<Items: Collection>(_ items: Items, _ writeItem: (inout ByteWriter, Items.Element) -> Void) {
        let written = items.prefix(Int(UInt8.max))
        bytes.append(UInt8(written.count))
        for item in written { writeItem(&self, item) }
    }

    private mutating func append(_ value: some FixedWidthInteger) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
