import Synchronization

/// A count that goes up whenever the network allowance of a connection that reports to it changes
/// (``ConnectionNetwork/reportChanges(to:)``). A table keeps one for its seats' connections and reads it before
/// each call: one number of its own, read without a lock, rather than a visit to every seat's connection.
final class AllowanceChanges: Sendable {
    private let count = Atomic<UInt32>(0)

    /// Counts a change.
    func noteChange() {
        count.add(1, ordering: .relaxed)
    }

    /// How many changes have been counted: while this has not moved, no reporting connection's allowance has.
    var value: UInt32 { count.load(ordering: .relaxed) }
}
