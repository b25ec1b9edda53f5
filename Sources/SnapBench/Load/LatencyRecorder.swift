import Histogram
import SnapCore
import Synchronization

/// Action-to-all-seats latencies, in microseconds, in an HdrHistogram shared by every table of a run.
public final class LatencyRecorder: Sendable {
    private let histogramLock = Mutex(LatencyRecorder.emptyHistogram)
    /// The turns' latencies alone: a call's result waits for its verdict, which the rules may hold back while a
    /// slower network could still bring a faster reaction; a turn's result waits for nothing but the server.
    private let turnsLock = Mutex(LatencyRecorder.emptyHistogram)
    /// The calls' latencies alone: each includes the wait for its verdict (the server's `snap_judging_wait_seconds`).
    private let callsLock = Mutex(LatencyRecorder.emptyHistogram)
    private let incomplete = Atomic(0)

    /// What an action was, for the latencies kept apart by kind.
    public enum Kind: Sendable {
        /// A card turned.
        case turn
        /// A Snap! call.
        case call
    }

    /// An empty recorder.
    public init() {}

    /// An empty histogram of latencies in microseconds, up to a minute.
    static var emptyHistogram: Histogram<UInt64> {
        Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    }

    /// Records one latency, of an action of `kind` (nil: of something else, counted with all the rest alone).
    public func record(_ latency: Duration, of kind: Kind? = nil) {
        let microseconds = Swift.min(UInt64(clamping: max(0, latency.nanoseconds / 1_000)), 60_000_000)
        histogramLock.withLock { _ = $0.record(microseconds) }
        switch kind {
        case .turn: turnsLock.withLock { _ = $0.record(microseconds) }
        case .call: callsLock.withLock { _ = $0.record(microseconds) }
        case nil: break
        }
    }

    /// Counts an action whose result had not reached every seat when the same player acted again.
    public func noteIncomplete() {
        incomplete.wrappingAdd(1, ordering: .relaxed)
    }

    /// Forgets everything recorded (at the end of the ramp).
    public func reset() {
        histogramLock.withLock { $0.reset() }
        turnsLock.withLock { $0.reset() }
        callsLock.withLock { $0.reset() }
        incomplete.store(0, ordering: .relaxed)
    }

    /// Everything recorded so far, exactly: a generator process sends it to the run that adds them up.
    var histogram: Histogram<UInt64> { histogramLock.withLock { $0 } }

    /// The turns' latencies so far, exactly.
    var turnHistogram: Histogram<UInt64> { turnsLock.withLock { $0 } }

    /// The calls' latencies so far, exactly.
    var callHistogram: Histogram<UInt64> { callsLock.withLock { $0 } }

    /// Actions counted as incomplete so far.
    var incompleteCount: Int { incomplete.load(ordering: .relaxed) }

    /// Adds another recorder's latencies and incomplete actions, bucket by bucket (no precision is lost).
    func add(
        _ other: Histogram<UInt64>, turns: Histogram<UInt64>? = nil, calls: Histogram<UInt64>? = nil, incomplete count: Int
    ) {
        histogramLock.withLock { $0.add(other) }
        if let turns { turnsLock.withLock { $0.add(turns) } }
        if let calls { callsLock.withLock { $0.add(calls) } }
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
