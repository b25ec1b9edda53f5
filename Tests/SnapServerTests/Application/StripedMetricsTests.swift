import Foundation
import Prometheus
import Testing

@testable import SnapServer

@Suite struct StripedCounterTests {
    @Test func addsFromManyThreadsAtOnceLoseNothing() async {
        let counter = StripedCounter(name: "snap_test_total")
        let threads = await onManyThreads { thread in
            for _ in 0..<10_000 { counter.increment(by: thread + 1) }
        }
        #expect(counter.value == Int64(10_000 * (1...threads).reduce(0, +)))
    }

    @Test func aThreadKeepsItsStripe() async {
        let stripes = await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: (0..<100).map { _ in ThreadStripe.current }) }
        }
        #expect(Set(stripes).count == 1)
        #expect((0..<ThreadStripe.count).contains(stripes[0]))
    }

    @Test func itIsWrittenAsTheRegistryWritesACounter() {
        let registry = PrometheusCollectorRegistry()
        let registryCounter = registry.makeCounter(
            descriptor: MetricNameDescriptor(namespace: "snap", metricName: "packets_out", unitName: "total", helpText: ""))
        let striped = StripedCounter(name: "snap_packets_out_total")
        for amount in [1, 7, 30_000] {
            registryCounter.increment(by: Int64(amount))
            striped.increment(by: amount)
        }
        var expected = [UInt8](), written = [UInt8]()
        registry.emit(into: &expected)
        striped.emit(into: &written)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: written, as: UTF8.self) == "# TYPE snap_packets_out_total counter\nsnap_packets_out_total 30008\n")
    }
}

@Suite struct StripedHistogramTests {
    private static let buckets: [Duration] = [.milliseconds(1), .milliseconds(5), .milliseconds(25), .seconds(1)]
    /// Under the first bound, on a bound (which is in that bound's bucket), between two, and beyond the last.
    private static let values: [Int64] = [400_000, 1_000_000, 5_000_001, 24_999_999, 25_000_000, 3_000_000_000, 7]

    @Test func itIsWrittenAsTheRegistryWritesAHistogram() {
        let registry = PrometheusCollectorRegistry()
        let registryHistogram = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(namespace: "snap", metricName: "event_latency", unitName: "seconds", helpText: ""),
            buckets: Self.buckets)
        let striped = StripedHistogram(name: "snap_event_latency_seconds", buckets: Self.buckets.reversed())
        for value in Self.values {
            registryHistogram.recordNanoseconds(value)
            striped.recordNanoseconds(value)
        }
        var expected = [UInt8](), written = [UInt8]()
        registry.emit(into: &expected)
        striped.emit(into: &written)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: written, as: UTF8.self).contains(#"snap_event_latency_seconds_bucket{le="0.025"} 6"#))
        #expect(striped.count == 7)
    }

    @Test func recordsFromManyThreadsAtOnceLoseNothing() async {
        let histogram = StripedHistogram(name: "snap_test_seconds", buckets: Self.buckets)
        let threads = await onManyThreads { _ in
            for value in Self.values { for _ in 0..<1_000 { histogram.recordNanoseconds(value) } }
        }
        #expect(histogram.count == Int64(threads * Self.values.count * 1_000))
        var written = [UInt8]()
        histogram.emit(into: &written)
        let sum = Self.values.reduce(0, +) * Int64(threads * 1_000)
        #expect(String(decoding: written, as: UTF8.self).contains("snap_test_seconds_sum \(Duration.nanoseconds(sum).bucketRepresentation)\n"))
    }
}

/// Runs `body` on more threads of their own than there are stripes (so that some share one), all at once, each
/// given its number; returns how many.
private func onManyThreads(_ body: @escaping @Sendable (Int) -> Void) async -> Int {
    let threads = ThreadStripe.count + 4
    await withTaskGroup(of: Void.self) { group in
        for thread in 0..<threads {
            group.addTask {
                await withCheckedContinuation { done in
                    Thread.detachNewThread {
                        body(thread)
                        done.resume()
                    }
                }
            }
        }
    }
    return threads
}
