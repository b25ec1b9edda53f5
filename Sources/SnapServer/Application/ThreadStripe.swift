import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which stripe of a ``StripedCounter`` or ``StripedHistogram`` the calling thread records on: threads take
/// stripes in turn as they first record, so an event loop keeps the same one for good and the first ``count``
/// threads all have one of their own.
enum ThreadStripe {
    /// Stripes in every striped metric: twice the machine's cores, and at least 16, so that every event loop (one a
    /// core) and the threads of Swift's own pool that record too (the ping loop's) have one of their own.
    static let count = max(16, 2 * ProcessInfo.processInfo.activeProcessorCount)

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for the metrics")
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
