import SnapBench

/// Pairs of Snap! and floor runs as one JSON object: `pairs`, each as `load --baseline --json` prints one
/// comparison, and `ratio`, pooled over them.
struct SeriesJSON: Encodable {
    let series: LoadSeries

    init(_ series: LoadSeries) { self.series = series }

    private enum Keys: String, CodingKey { case pairs, ratio }

    private struct Ratio: Encodable {
        let throughput: Double
        let throughputLowestPair: Double
        let throughputHighestPair: Double
        let turnLatencyP99: Double
        let memory: Double

        enum CodingKeys: String, CodingKey {
            case throughput, memory
            case throughputLowestPair = "throughput_lowest_pair"
            case throughputHighestPair = "throughput_highest_pair"
            case turnLatencyP99 = "turn_latency_p99"
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(series.pairs.map(ComparisonJSON.init), forKey: .pairs)
        let range = series.throughputRatioRange
        try container.encode(
            Ratio(
                throughput: series.throughputRatio, throughputLowestPair: range.lowerBound,
                throughputHighestPair: range.upperBound, turnLatencyP99: series.turnLatencyP99Ratio,
                memory: series.memoryRatio), forKey: .ratio)
    }
}
