/// Percentiles of a few hundred durations, in milliseconds.
public struct FairnessDelaySummary: Encodable, Sendable, Equatable {
    /// The median.
    public var p50: Double?
    /// The 99th percentile.
    public var p99: Double?
    /// The largest.
    public var max: Double?
    /// How many durations.
    public var count: Int

    /// The summary of `durations` (nearest-rank percentiles; nil figures when there are none).
    init(_ durations: [Duration]) {
        let sorted = durations.sorted()
        count = sorted.count
        func percentile(_ p: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let rank = Swift.max(0, Swift.min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))
            return sorted[rank].inMilliseconds
        }
        p50 = percentile(50)
        p99 = percentile(99)
        max = sorted.last?.inMilliseconds
    }

    private enum CodingKeys: String, CodingKey { case p50, p99, max, count }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(p50, forKey: .p50)
        try container.encode(p99, forKey: .p99)
        try container.encode(max, forKey: .max)
        try container.encode(count, forKey: .count)
    }
}

extension Duration {
    /// The duration in milliseconds, with fractions.
    var inMilliseconds: Double { Double(nanoseconds) / 1e6 }
}
