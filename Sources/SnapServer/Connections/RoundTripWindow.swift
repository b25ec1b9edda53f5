/// The last ``capacity`` round trips of one connection, in microseconds, kept inline in the connection's state
/// rather than in an array of their own: every connection has one.
struct RoundTripWindow: Sendable {
    /// How many round trips are kept; the oldest makes room for the next.
    static let capacity = 16

    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many are kept (at most ``capacity``).
    private(set) var count = 0
    private var next = 0

    init() {
        assert(MemoryLayout.size(ofValue: storage) == Self.capacity * MemoryLayout<UInt32>.stride)
    }

    /// Keeps a round trip, in place of the oldest once full.
    mutating func append(_ microseconds: UInt32) {
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: microseconds, toByteOffset: next * MemoryLayout<UInt32>.stride, as: UInt32.self)
        }
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The round trips kept, oldest first once full (in the order kept before).
    var values: [UInt32] {
        withUnsafeBytes(of: storage) { bytes in
            (0..<count).map { bytes.load(fromByteOffset: $0 * MemoryLayout<UInt32>.stride, as: UInt32.self) }
        }
    }

    /// The shortest and the longest kept; nil when none is.
    var range: (shortest: UInt32, longest: UInt32)? {
        guard count > 0 else { return nil }
        return withUnsafeBytes(of: storage) { bytes in
            var (shortest, longest) = (UInt32.max, UInt32.min)
            for index in 0..<count {
                let value = bytes.load(fromByteOffset: index * MemoryLayout<UInt32>.stride, as: UInt32.self)
                (shortest, longest) = (min(shortest, value), max(longest, value))
            }
            return (shortest, longest)
        }
    }

    /// The median of those kept (of an even number, the mean of the middle two); nil when none is.
    var median: UInt64? {
        guard count > 0 else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2)
            ? (UInt64(sorted[middle - 1]) + UInt64(sorted[middle])) / 2 : UInt64(sorted[middle])
    }
}
