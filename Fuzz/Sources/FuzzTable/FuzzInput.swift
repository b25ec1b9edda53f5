import SnapCore

/// The fuzzer's bytes, read from the front. Past the end every read gives zero, so every input is a whole script.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    /// A reader over `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or zero past the end.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next eight bytes as a little-endian number.
    mutating func uint64() -> UInt64 {
        (0..<8).reduce(0) { value, index in value | UInt64(byte()) << (8 * index) }
    }

    /// A seat from the next byte: its low two bits, or, when bit 2 is set and there is one, `preferred` (the seat
    /// the rules are waiting for, so that random bytes still move a game on).
    mutating func seat(preferring preferred: Seat? = nil) -> Seat {
        let value = byte()
        if value & 0b100 != 0, let preferred { return preferred }
        return Seat(rawValue: value & 0b11)!
    }
}
