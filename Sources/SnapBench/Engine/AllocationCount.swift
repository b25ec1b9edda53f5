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
}
