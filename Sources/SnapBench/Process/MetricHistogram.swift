/// A histogram as Prometheus' text format shows it: cumulative counts by upper bound, and the observations' sum and
/// count (`NAME_bucket{le="…"}`, `NAME_sum`, `NAME_count`).
struct MetricHistogram: Sendable, Equatable {
    /// Observations at most `bound`, in the metric's unit (cumulative, as Prometheus counts them).
    struct Bucket: Sendable, Equatable {
        var bound: Double
        var count: Int
    }

    /// The buckets by increasing bound, `+Inf` left out (it is ``count``).
    var buckets: [Bucket]
    /// The sum of every observation.
    var sum: Double
    /// How many observations there were.
    var count: Int

    /// The histogram `name` among `samples` (a sample's name with its labels, and its value); nil when it is not
    /// there.
    static func named(_ name: String, in samples: [String: Double]) -> MetricHistogram? {
        guard let sum = samples[name + "_sum"], let count = samples[name + "_count"] else { return nil }
        let prefix = name + "_bucket{le=\""
        let buckets = samples.compactMap { key, value -> Bucket? in
            guard key.hasPrefix(prefix), key.hasSuffix("\"}"),
                let bound = Double(key.dropFirst(prefix.count).dropLast(2)), bound.isFinite
            else { return nil }
            return Bucket(bound: bound, count: Int(value))
        }
        return MetricHistogram(buckets: buckets.sorted { $0.bound < $1.bound }, sum: sum, count: Int(count))
    }

    /// What was observed after `earlier` was read from the same histogram (all of it when `earlier` is nil).
    func since(_ earlier: MetricHistogram?) -> MetricHistogram {
        guard let earlier, earlier.buckets.map(\.bound) == buckets.map(\.bound) else { return self }
        return MetricHistogram(
            buckets: zip(buckets, earlier.buckets).map { Bucket(bound: $0.bound, count: $0.count - $1.count) },
            sum: sum - earlier.sum, count: count - earlier.count)
    }

    /// The mean observation; nil when there is none.
    var mean: Double? { count > 0 ? sum / Double(count) : nil }

    /// The smallest bound that at least `fraction` of the observations are within: an upper bound of that
    /// percentile (a histogram knows no closer). Nil when there is no observation, or the percentile is past the
    /// last bound.
    func bound(holding fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let needed = Double(count) * fraction
        return buckets.first { Double($0.count) >= needed }?.bound
    }
}
