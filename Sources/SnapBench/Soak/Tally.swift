import Synchronization

/// Counts by name, from many tasks and threads at once: closes by reason, refusals by code, episodes by kind.
final class Tally: Sendable {
    private let counts = Mutex([String: Int]())

    /// Empty.
    init() {}

    /// Adds `count` to `name`.
    func add(_ name: String, _ count: Int = 1) {
        counts.withLock { $0[name, default: 0] += count }
    }

    /// The counts so far.
    var counted: [String: Int] { counts.withLock { $0 } }

    /// The sum of every count.
    var total: Int { counted.values.reduce(0, +) }
}
