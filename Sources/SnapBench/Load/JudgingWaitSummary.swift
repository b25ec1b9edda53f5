/// How long the Snap! server held its verdicts on calls during the measured part, in milliseconds: from the first
/// call on a card to the verdict, while a player whose network is slower could still prove a faster reaction. A
/// call's latency includes it; a turn's never does. From the server's own `snap_judging_wait_seconds`, whose buckets
/// give each percentile as an upper bound.
public struct JudgingWaitSummary: Codable, Sendable, Equatable {
    /// Verdicts given.
    public var count: Int
    /// The mean wait.
    public var mean: Double
    /// The median is at most this.
    public var p50AtMost: Double?
    /// The 99th percentile is at most this (nil: beyond the histogram's last bucket).
    public var p99AtMost: Double?

    enum CodingKeys: String, CodingKey {
        case count, mean
        case p50AtMost = "p50_at_most"
        case p99AtMost = "p99_at_most"
    }

    /// The summary of the verdicts in `histogram` (of seconds); nil when there were none.
    init?(_ histogram: MetricHistogram) {
        guard let mean = histogram.mean else { return nil }
        count = histogram.count
        self.mean = mean * 1_000
        p50AtMost = histogram.bound(holding: 0.5).map { $0 * 1_000 }
        p99AtMost = histogram.bound(holding: 0.99).map { $0 * 1_000 }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(mean, forKey: .mean)
        // Every key is always there, null when unknown.
        try container.encode(p50AtMost, forKey: .p50AtMost)
        try container.encode(p99AtMost, forKey: .p99AtMost)
    }
}
