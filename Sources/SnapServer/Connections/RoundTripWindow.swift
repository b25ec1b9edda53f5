/// The last ``capacity`` round trips of one connection, in microseconds, kept inline in the connection's state
/// rather than in an array of their own: every connection has one.
struct RoundTripWindow: Sendable {
    private typealias Storage = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// How many round trips are kept (sixteen of four bytes); the oldest makes room for the next.
    static let capacity = InlineStorage.capacity(of: Storage.self, UInt32.self)

    private var storage: Storage = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many are kept (at most ``capacity``).
    private(set) var count = 0
    private var next = 0

    /// Keeps a round trip, in place of the oldest once full.
    mutating func append(_ microseconds: UInt32) {
        InlineStorage.store(microseconds, at: next, in: &storage)
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The round trips kept, in no particular order (where each was kept, not when).
    var values: [UInt32] {
        (0..<count).map { InlineStorage.load($0, of: storage, as: UInt32.self) }
    }

    /// The shortest and the longest kept; nil when none is.
    var range: (shortest: UInt32, longest: UInt32)? {
        guard count > 0 else { return nil }
        var (shortest, longest) = (UInt32.max, UInt32.min)
        for index in 0..<count {
            let value = InlineStorage.load(index, of: storage, as: UInt32.self)
            (shortest, longest) = (min(shortest, value), max(longest, value))
        }
        return (shortest, longest)
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
