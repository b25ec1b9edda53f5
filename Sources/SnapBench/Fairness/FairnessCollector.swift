import Synchronization

/// The races of one judging mode of one scenario, from all its tables, until the number wanted of those that count.
final class FairnessCollector: Sendable {
    private struct Gathered {
        var races: [FairnessRace] = []
        var counted = 0
    }

    private let wanted: Int
    private let counts: @Sendable (FairnessRace) -> Bool
    private let gathered = Mutex(Gathered())
    private let voided = Atomic(0)

    /// A collector that takes races until `wanted` of them count (`counts`: every race, or those on a match).
    init(wanted: Int, counting counts: @escaping @Sendable (FairnessRace) -> Bool = { _ in true }) {
        self.wanted = wanted
        self.counts = counts
    }

    /// Adds a finished race, unless enough are in.
    func add(_ race: FairnessRace) {
        gathered.withLock { gathered in
            guard gathered.counted < wanted else { return }
            gathered.races.append(race)
            if counts(race) { gathered.counted += 1 }
        }
    }

    /// Counts a race that no judged call ended (the table moved on without one).
    func void() {
        voided.wrappingAdd(1, ordering: .relaxed)
    }

    /// Whether enough races are in.
    var isFull: Bool { count >= wanted }

    /// How many races that count are in.
    var count: Int { gathered.withLock { $0.counted } }

    /// The races, in the order they finished (those that do not count too).
    var all: [FairnessRace] { gathered.withLock { $0.races } }

    /// Races that ended with no judged call.
    var voidCount: Int { voided.load(ordering: .relaxed) }
}
