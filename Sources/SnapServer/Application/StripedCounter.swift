import Synchronization

/// A counter that every event loop adds to at once without sharing a cache line: each thread adds to a stripe of
/// its own, and the count is their sum.
///
/// A Prometheus counter is one atomic. Counted on every message and every send from both event loops (tens of
/// thousands of times a second under load), its cache line moved between the cores on every add.
final class StripedCounter: Sendable {
    /// The counter's name at `/metrics`.
    let name: String
    private let stripes = (0..<ThreadStripe.count).map { _ in PaddedStripe(Atomic<Int64>(0)) }

    init(name: String) {
        self.name = name
    }

    /// Adds `amount` (not negative) on the calling thread's stripe.
    func increment(by amount: Int = 1) {
        precondition(amount >= 0, "a counter only goes up")
        stripes[ThreadStripe.current].value.add(Int64(amount), ordering: .relaxed)
    }

    /// The count so far: every stripe's, added up.
    var value: Int64 {
        stripes.reduce(0) { $0 + $1.value.load(ordering: .relaxed) }
    }

    /// The counter in Prometheus' text format, as the registry writes its own counters.
    func emit(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: "# TYPE \(name) counter\n\(name) \(value)\n".utf8)
    }
}
