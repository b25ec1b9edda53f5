import Synchronization

/// The races of one judging mode of one scenario, from all its tables, up to the number wanted.
final class FairnessCollector: Sendable {
    private let wanted: Int
    private let races = Mutex<[FairnessRace]>([])
    private let voided = Atomic(0)

    /// A collector that takes the first `wanted` races.
    init(wanted: Int) {
        self.wanted = wanted
    }

    /// Adds a finished race, unless enough are in.
    func add(_ race: FairnessRace) {
        races.withLock { races in if races.count < wanted { races.append(race) } }
    }

    /// Counts a race that no judged call ended (the table moved on without one).
    func void() {
        voided.wrappingAdd(1, ordering: .relaxed)
    }

    /// Whether enough races are in.
    var isFull: Bool { count >= wanted }

    /// How many races are in.
    var count: Int { races.withLock { $0.count } }

    /// The races, in the order they finished.
    var all: [FairnessRace] { races.withLock { $0 } }

    /// Races that ended with no judged call.
    var voidCount: Int { voided.load(ordering: .relaxed) }
}
