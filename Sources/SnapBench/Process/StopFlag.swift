import Synchronization

/// Tells tasks and threads that a run is ending.
final class StopFlag: Sendable {
    private let raised = Atomic(false)

    /// Not raised.
    init() {}

    /// Raises it, for good.
    func raise() { raised.store(true, ordering: .relaxed) }

    /// Whether it is raised.
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
