import SnapStore

/// Snap! and the floor each run several times under the same load, alternating which goes first (Snap! then the
/// floor, then the floor then Snap!, …), their throughput pooled.
///
/// On a shared machine one run's server CPU moves by a few percent with nothing changed, and the machine can speed
/// up or slow down between the two halves of a single comparison — the load's own generators then cost as much
/// more or less as the server does. Alternating spreads such a drift over both servers; pooling averages it out.
public struct LoadSeries: Sendable, Equatable {
    /// The comparisons, in the order they ran.
    public var pairs: [LoadComparison]

    /// A series of `pairs`, in the order they ran.
    public init(pairs: [LoadComparison]) {
        self.pairs = pairs
    }

    /// Which server runs first in pair `index` (from 0): Snap!, then the floor, then the floor, then Snap!, …
    public static func snapRunsFirst(inPair index: Int) -> Bool {
        index.isMultiple(of: 2)
    }

    /// Snap!'s actions per second of server CPU over all its runs, divided by the floor's over all of its: every
    /// action counted, every CPU-second too (higher is better; 1 is the floor). 0 when a run's CPU is unknown.
    public var throughputRatio: Double {
        guard let snap = Self.pooled(pairs.map(\.snap)), let floor = Self.pooled(pairs.map(\.floor)), floor > 0 else {
            return 0
        }
        return snap / floor
    }

    /// The lowest and the highest of the pairs' own throughput ratios: how far one comparison alone could be off.
    public var throughputRatioRange: ClosedRange<Double> {
        let ratios = pairs.map(\.throughputRatio)
        return (ratios.min() ?? 0)...(ratios.max() ?? 0)
    }

    /// The median of the pairs' ratios of the turns' p99 (lower is better): a percentile is not pooled by adding.
    public var turnLatencyP99Ratio: Double {
        PlayerStats.median(pairs.map(\.turnLatencyP99Ratio)) ?? 0
    }

    /// The mean of the pairs' ratios of resident memory per connection (lower is better).
    public var memoryRatio: Double {
        pairs.isEmpty ? 0 : pairs.map(\.memoryRatio).reduce(0, +) / Double(pairs.count)
    }

    /// Actions over CPU-seconds across `reports`; nil when any run's CPU is unknown.
    private static func pooled(_ reports: [LoadReport]) -> Double? {
        var actions = 0.0
        var cpuSeconds = 0.0
        for report in reports {
            guard let cpu = report.serverCpuSecondsPerSecond else { return nil }
            actions += Double(report.actions)
            cpuSeconds += cpu * report.durationSeconds
        }
        return cpuSeconds > 0 ? actions / cpuSeconds : nil
    }
}
