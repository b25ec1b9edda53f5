/// Heap traffic counted by the malloc interposer over a stretch of code.
public struct AllocationCount: Codable, Sendable, Hashable {
    /// Calls that allocated: `malloc`, `calloc`, `realloc`, `posix_memalign` and the like.
    public var allocations: Int
    /// Bytes those calls asked for.
    public var bytes: Int
    /// Calls to `free`.
    public var frees: Int

    /// A count from its parts.
    public init(allocations: Int, bytes: Int, frees: Int) {
        self.allocations = allocations
        self.bytes = bytes
        self.frees = frees
    }

    /// Nothing counted.
    public static let zero = AllocationCount(allocations: 0, bytes: 0, frees: 0)

    /// The two counts together.
    public static func + (a: AllocationCount, b: AllocationCount) -> AllocationCount {
        AllocationCount(allocations: a.allocations + b.allocations, bytes: a.bytes + b.bytes, frees: a.frees + b.frees)
    }

    /// What was counted between `earlier` and `later`, two readings of running counters.
    public static func - (later: AllocationCount, earlier: AllocationCount) -> AllocationCount {
        AllocationCount(
            allocations: later.allocations - earlier.allocations, bytes: later.bytes - earlier.bytes,
            frees: later.frees - earlier.frees)
    }
}
