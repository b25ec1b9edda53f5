/// Latency percentiles in milliseconds.
public struct LatencySummary: Codable, Sendable, Equatable {
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The 99.9th percentile.
    public var p999: Double
    /// The largest.
    public var max: Double
    /// How many were measured.
    public var count: Int
    /// Actions never timed because the same player acted again before the result reached every seat.
    public var incomplete: Int
}
