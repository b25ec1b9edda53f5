import Foundation
import Prometheus
import Testing

@testable import SnapServer

@Suite struct StripedCounterTests {
    @Test func addsFromManyThreadsAtOnceLoseNothing() async {
        let counter = StripedCounter(name: "snap_test_total")
        // More threads than stripes, so that some share one.
        let threads = CounterStripe.count + 4
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    await withCheckedContinuation { done in
                        Thread.detachNewThread {
                            for _ in 0..<10_000 { counter.increment(by: thread + 1) }
                            done.resume()
                        }
                    }
                }
            }
        }
        #expect(counter.value == Int64(10_000 * (1...threads).reduce(0, +)))
    }

    @Test func itIsWrittenAsTheRegistryWritesACounter() {
        let registry = PrometheusCollectorRegistry()
        let theRegistrys = registry.makeCounter(name: "snap_packets_out_total")
        let striped = StripedCounter(name: "snap_packets_out_total")
        for amount in [1, 7, 30_000] {
            theRegistrys.increment(by: Int64(amount))
            striped.increment(by: amount)
        }
        var expected = [UInt8](), written = [UInt8]()
        registry.emit(into: &expected)
        striped.emit(into: &written)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: written, as: UTF8.self) == "# TYPE snap_packets_out_total counter\nsnap_packets_out_total 30008\n")
    }
}
