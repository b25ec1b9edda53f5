import SnapBench

/// A Snap! report with the floor's beside it, as one JSON object: the Snap! keys, `baseline` and `ratio`.
struct ComparisonJSON: Encodable {
    let comparison: LoadComparison

    init(_ comparison: LoadComparison) { self.comparison = comparison }

    private enum Keys: String, CodingKey { case baseline, ratio }

    private struct Ratio: Encodable {
        let throughput: Double
        let latencyP99: Double
        let memory: Double
    }

    func encode(to encoder: any Encoder) throws {
        try comparison.snap.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(comparison.floor, forKey: .baseline)
        try container.encode(
            Ratio(
                throughput: comparison.throughputRatio, latencyP99: comparison.latencyP99Ratio,
                memory: comparison.memoryRatio), forKey: .ratio)
    }
}
