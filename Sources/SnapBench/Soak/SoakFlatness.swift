/// Whether the server's memory and file descriptors stayed flat once the load was steady: the end of the soak
/// against the time just after the warm-up.
///
/// Each side is the median of up to three samples (the first ones after the warm-up; the last ones), so that one
/// sample taken in the middle of a hostile client's burst does not decide. Memory is flat when the end is no more
/// than 10 % above the start, or 8 MiB if that is more. Descriptors are compared net of connections — a socket per
/// connection comes and goes with the load; what else is open is what a leak would make grow — and are flat when
/// that grew by at most 16.
public struct SoakFlatness: Encodable, Sendable, Equatable {
    /// The memory allowed to grow, as a fraction of the memory after the warm-up.
    public static let memoryFraction = 0.10
    /// The least memory growth allowed, whatever the fraction says.
    public static let memoryFloorBytes = 8 * 1_048_576
    /// The growth allowed in descriptors beside connections.
    public static let descriptorAllowance = 16

    /// Resident memory just after the warm-up.
    public var rssBytesAfterWarmUp: Int
    /// Resident memory at the end.
    public var rssBytesAtEnd: Int
    /// How much it may grow and still be flat.
    public var rssAllowanceBytes: Int
    /// Whether memory stayed flat.
    public var memoryFlat: Bool
    /// Open descriptors just after the warm-up.
    public var descriptorsAfterWarmUp: Int
    /// Open descriptors at the end.
    public var descriptorsAtEnd: Int
    /// Connections just after the warm-up.
    public var connectionsAfterWarmUp: Int
    /// Connections at the end.
    public var connectionsAtEnd: Int
    /// How much the descriptors beside connections grew.
    public var descriptorGrowth: Int
    /// Whether descriptors stayed flat.
    public var descriptorsFlat: Bool

    /// Judges `samples` (in time order) after a warm-up of `warmUpSeconds`; nil when no sample came after it.
    public static func judge(_ samples: [SoakSample], warmUpSeconds: Double) -> SoakFlatness? {
        let steady = samples.filter { $0.seconds >= warmUpSeconds }
        guard !steady.isEmpty else { return nil }
        let count = min(3, max(1, steady.count / 2))
        let early = Array(steady.prefix(count))
        let late = Array(steady.suffix(count))
        let rssBefore = median(early.map(\.rssBytes))
        let rssAfter = median(late.map(\.rssBytes))
        let allowance = max(memoryFloorBytes, Int(Double(rssBefore) * memoryFraction))
        let growth =
            median(late.map(\.descriptorsBesideConnections)) - median(early.map(\.descriptorsBesideConnections))
        return SoakFlatness(
            rssBytesAfterWarmUp: rssBefore, rssBytesAtEnd: rssAfter, rssAllowanceBytes: allowance,
            memoryFlat: rssAfter - rssBefore <= allowance,
            descriptorsAfterWarmUp: median(early.map(\.descriptors)), descriptorsAtEnd: median(late.map(\.descriptors)),
            connectionsAfterWarmUp: median(early.map(\.connections)), connectionsAtEnd: median(late.map(\.connections)),
            descriptorGrowth: growth, descriptorsFlat: growth <= descriptorAllowance)
    }

    /// The middle value (the lower of the two middle ones for an even count).
    static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }

    enum CodingKeys: String, CodingKey {
        case rssBytesAfterWarmUp = "rss_bytes_after_warm_up"
        case rssBytesAtEnd = "rss_bytes_at_end"
        case rssAllowanceBytes = "rss_allowance_bytes"
        case memoryFlat = "memory_flat"
        case descriptorsAfterWarmUp = "descriptors_after_warm_up"
        case descriptorsAtEnd = "descriptors_at_end"
        case connectionsAfterWarmUp = "connections_after_warm_up"
        case connectionsAtEnd = "connections_at_end"
        case descriptorGrowth = "descriptor_growth"
        case descriptorsFlat = "descriptors_flat"
    }
}
