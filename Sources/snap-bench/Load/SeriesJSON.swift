import SnapBench

/// Pairs of Snap! and floor runs as one JSON object: `pairs`, each as `load --baseline --json` prints one
/// comparison, and `ratio`, pooled over them.
struct SeriesJSON: Encodable {
    let series: LoadSeries

    init(_ series: LoadSeries) { self.series = series }

    private enum Keys: String, CodingKey { case pairs, ratio }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(series.pairs.map(ComparisonJSON.init), forKey: .pairs)
        let range = series.throughputRatioRange
        let ratio = [
            "throughput": series.throughputRatio, "throughput_lowest_pair": range.lowerBound,
            "throughput_highest_pair": range.upperBound, "turn_latency_p99": series.turnLatencyP99Ratio,
            "memory": series.memoryRatio,
        ]
        try container.encode(ratio, forKey: .ratio)
    }
}
