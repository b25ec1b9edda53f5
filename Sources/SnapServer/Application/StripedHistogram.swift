import Prometheus
import Synchronization

/// A histogram of durations that every event loop records into at once without sharing a lock or a cache line:
/// each thread records on a stripe of its own (``ThreadStripe``), and the histogram is their sum.
///
/// A Prometheus histogram is one lock around its buckets, which compares every bucket's bound with every value.
/// Recorded on every action and every pong from both event loops, its lock and its line moved between the cores.
final class StripedHistogram: Sendable {
    /// What one stripe has recorded.
    private struct Tally {
        /// The values in each bucket alone (not every value up to its bound), then those beyond the last bound.
        var counts: [Int64]
        /// Exact, as the registry keeps it: nanoseconds in 64 bits would wrap after 292 years of summed durations,
        /// a year or two of a busy server's round trips.
        var sum = Duration.zero

        /// No value recorded, in as many buckets as `bounds` and one more.
        init(bounds: Int) {
            counts = Array(repeating: 0, count: bounds + 1)
        }

        /// How many values were recorded.
        var count: Int64 { counts.reduce(0, +) }
    }

    /// The histogram's name at `/metrics`.
    let name: String
    /// The buckets' upper bounds, shortest first.
    let buckets: [Duration]
    private let bounds: [Int64]
    /// Each thread's tally; its counts are an array of its own, written by that thread alone.
    private let stripes: [PaddedStripe<Mutex<Tally>>]

    /// A histogram with these bucket bounds, sorted here (the registry keeps them in the order given: its
    /// histograms are made with sorted bounds).
    init(name: String, buckets: [Duration]) {
        self.name = name
        self.buckets = buckets.sorted()
        bounds = self.buckets.map { $0.nanoseconds }
        stripes = (0..<ThreadStripe.count).map { [count = buckets.count] _ in PaddedStripe(Mutex(Tally(bounds: count))) }
    }

    /// Records a duration of `nanoseconds` on the calling thread's stripe.
    func recordNanoseconds(_ nanoseconds: Int64) {
        // A value on a bound is in that bound's bucket, as Prometheus counts it.
        let bucket = bounds.firstIndex { nanoseconds <= $0 } ?? bounds.count
        stripes[ThreadStripe.current].value.withLock { tally in
            tally.counts[bucket] += 1
            tally.sum += .nanoseconds(nanoseconds)
        }
    }

    /// Every stripe's tally, added up.
    private var total: Tally {
        var total = Tally(bounds: bounds.count)
        for stripe in stripes {
            stripe.value.withLock { tally in
                for index in tally.counts.indices { total.counts[index] += tally.counts[index] }
                total.sum += tally.sum
            }
        }
        return total
    }

    /// How many durations were recorded.
    var count: Int64 { total.count }

    /// The histogram in Prometheus' text format, as the registry writes its own: each bucket counting every value
    /// up to its bound, then every value, their sum in seconds and their count.
    func emit(into buffer: inout [UInt8]) {
        let total = total
        var text = "# TYPE \(name) histogram\n"
        var upToBound: Int64 = 0
        for (bound, count) in zip(buckets, total.counts) {
            upToBound += count
            text += "\(name)_bucket{le=\"\(bound.bucketRepresentation)\"} \(upToBound)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(total.count)\n"
        text += "\(name)_sum \(total.sum.bucketRepresentation)\n"
        text += "\(name)_count \(total.count)\n"
        buffer.append(contentsOf: text.utf8)
    }
}
