import Synchronization

/// Every misbehaving client's episodes, added up by kind.
final class HostileReports: Sendable {
    private let reports = Mutex([HostileKind: HostileKindReport]())

    /// None yet.
    init() {}

    /// Adds one episode's outcome.
    func record(_ outcome: HostileOutcome, of kind: HostileKind) {
        reports.withLock { $0[kind, default: HostileKindReport()].add(outcome) }
    }

    /// The totals so far, by kind's name.
    var byKind: [String: HostileKindReport] {
        reports.withLock { reports in Dictionary(uniqueKeysWithValues: reports.map { ($0.key.rawValue, $0.value) }) }
    }
}
