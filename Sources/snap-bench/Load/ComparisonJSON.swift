import SnapBench

/// A Snap! report with the floor's beside it, as one JSON object: the Snap! keys, `baseline` and `ratio`.
struct ComparisonJSON: Encodable {
    let comparison: LoadComparison

    init(_ comparison: LoadComparison) { self.comparison = comparison }

    private enum Keys: String, CodingKey { case baseline, ratio }

    private struct Ratio: Encodable {
        let throughput: Double
        let latencyP99: Double
        let turnLatencyP99: Double
        let callLatencyP99: Double
        let memory: Double

        enum CodingKeys: String, CodingKey {
            case throughput, memory
            case latencyP99 = "latency_p99"
            case turnLatencyP99 = "turn_latency_p99"
            case callLatencyP99 = "call_latency_p99"
        }
    }

    func encode(to encoder: any Encoder) throws {
        try comparison.snap.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(comparison.floor, forKey: .baseline)
        try container.encode(
            Ratio(
                throughput: comparison.throughputRatio, latencyP99: comparison.latencyP99Ratio,
                turnLatencyP99: comparison.turnLatencyP99Ratio, callLatencyP99: comparison.callLatencyP99Ratio,
                memory: comparison.memoryRatio), forKey: .ratio)
    }
}
