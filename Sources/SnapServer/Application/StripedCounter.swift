import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter that every event loop adds to at once without sharing a cache line: each thread adds to a stripe of
/// its own, and the count is their sum.
///
/// A Prometheus counter is one atomic. Counted on every message and every send from both event loops (tens of
/// thousands of times a second under load), its cache line moved between the cores on every add.
final class StripedCounter: Sendable {
    /// One thread's part, alone on its cache lines.
    private final class Stripe: Sendable {
        let count = Atomic<Int64>(0)
        // 128 bytes an object: no two stripes' counts share a 64-byte line, whatever their addresses.
        private let padding: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// The counter's name at `/metrics`.
    let name: String
    private let stripes: [Stripe] = (0..<CounterStripe.count).map { _ in Stripe() }

    init(name: String) {
        self.name = name
    }

    /// Adds `amount` (not negative) on the calling thread's stripe.
    func increment(by amount: Int = 1) {
        stripes[CounterStripe.current].count.add(Int64(amount), ordering: .relaxed)
    }

    /// The count so far: every stripe's, added up.
    var value: Int64 {
        stripes.reduce(0) { $0 + $1.count.load(ordering: .relaxed) }
    }

    /// The counter in Prometheus' text format, as the registry writes its own counters.
    func emit(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: "# TYPE \(name) counter\n\(name) \(value)\n".utf8)
    }
}

/// Which stripe of a ``StripedCounter`` the calling thread adds to: the threads take stripes in turn as they first
/// count, so an event loop keeps the same one for good and the first ``count`` threads all have one of their own.
enum CounterStripe {
    /// Stripes in every counter: more than a server has event loops on any machine it is expected to run on.
    static let count = 16

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for the counters")
        return key
    }()
    private static let taken = Atomic<Int>(0)

    /// The calling thread's stripe.
    static var current: Int {
        // Kept as the stripe's number plus one: a thread that has none yet reads nil.
        if let kept = pthread_getspecific(key) { return Int(bitPattern: kept) - 1 }
        let stripe = taken.add(1, ordering: .relaxed).oldValue % count
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: stripe + 1))
        return stripe
    }
}
