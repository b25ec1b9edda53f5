import Histogram
import SnapCore
import Synchronization

/// Action-to-all-seats latencies, in microseconds, in an HdrHistogram shared by every table of a run.
public final class LatencyRecorder: Sendable {
    private let histogramLock = Mutex(Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three))
    private let incomplete = Atomic(0)

    /// An empty recorder.
    public init() {}

    /// Records one latency.
    public func record(_ latency: Duration) {
        let microseconds = UInt64(clamping: max(0, latency.nanoseconds / 1_000))
        histogramLock.withLock { _ = $0.record(Swift.min(microseconds, 60_000_000)) }
    }

    /// Counts an action whose result had not reached every seat when the same player acted again.
    public func noteIncomplete() {
        incomplete.wrappingAdd(1, ordering: .relaxed)
    }

    /// Forgets everything recorded (at the end of the ramp).
    public func reset() {
        histogramLock.withLock { $0.reset() }
        incomplete.store(0, ordering: .relaxed)
    }

    /// Everything recorded so far, exactly: a generator process sends it to the run that adds them up.
    var histogram: Histogram<UInt64> { histogramLock.withLock { $0 } }

    /// Actions counted as incomplete so far.
    var incompleteCount: Int { incomplete.load(ordering: .relaxed) }

    /// Adds another recorder's latencies and incomplete actions, bucket by bucket (no precision is lost).
    func add(_ other: Histogram<UInt64>, incomplete count: Int) {
        histogramLock.withLock { $0.add(other) }
        incomplete.wrappingAdd(count, ordering: .relaxed)
    }

    /// How many latencies were recorded.
    public var count: UInt64 { histogramLock.withLock { $0.totalCount } }

    /// The percentiles a report shows, in milliseconds.
    public func summary() -> LatencySummary {
        histogramLock.withLock { histogram in
            func milliseconds(_ percentile: Double) -> Double {
                histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1_000
            }
            return LatencySummary(
                p50: milliseconds(50), p90: milliseconds(90), p99: milliseconds(99), p999: milliseconds(99.9),
                max: histogram.totalCount == 0 ? 0 : Double(histogram.max) / 1_000, count: Int(histogram.totalCount),
                incomplete: incomplete.load(ordering: .relaxed))
        }
    }
}
