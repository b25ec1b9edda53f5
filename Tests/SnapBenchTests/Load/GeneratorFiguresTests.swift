import Foundation
import Testing

@testable import SnapBench

/// The figures of several generator processes add up exactly, across their JSON too.
@Suite struct GeneratorFiguresTests {
    func figures(latencies: [UInt64], actions: Int, conserved: Bool = true) -> GeneratorFigures {
        var figures = GeneratorFigures()
        figures.connected = 40
        figures.actions = actions
        figures.packetsOut = actions * 4
        figures.cpuSeconds = 0.25
        figures.incomplete = 1
        figures.cardsConserved = conserved
        for latency in latencies { _ = figures.latencies.record(latency) }
        return figures
    }

    @Test func countsAndCPUAreSummedAndLatenciesMergedBucketByBucket() throws {
        let first = figures(latencies: [100, 200, 300, 40_000], actions: 10)
        let second = figures(latencies: [150, 250, 5_000], actions: 7)
        // Through JSON, as the children send them.
        let decoded = try [first, second].map {
            try JSONDecoder().decode(GeneratorFigures.self, from: JSONEncoder().encode($0))
        }
        let total = GeneratorFigures.sum(decoded)
        #expect(total.connected == 80)
        #expect(total.actions == 17)
        #expect(total.packetsOut == 68)
        #expect(total.cpuSeconds == 0.5)
        #expect(total.cardsConserved)

        let together = LatencyRecorder()
        for microseconds in [100, 200, 300, 40_000, 150, 250, 5_000] { together.record(.microseconds(microseconds)) }
        together.noteIncomplete()
        together.noteIncomplete()
        #expect(total.latency == together.summary())
        #expect(total.latency.count == 7)
        #expect(total.latency.incomplete == 2)
    }

    /// Full clients measure their own work too: their tables' latencies are kept apart from the lean bots', and
    /// are the run's only when no lean bot measured anything.
    @Test func theMirrorTablesLatenciesAreKeptApartUnlessTheyAreAllThereIs() throws {
        var mixed = figures(latencies: [100, 200], actions: 4)
        for latency: UInt64 in [5_000, 6_000, 7_000] { _ = mixed.mirrorLatencies.record(latency) }
        mixed.mirrorIncomplete = 3
        let total = GeneratorFigures.sum([try JSONDecoder().decode(GeneratorFigures.self, from: JSONEncoder().encode(mixed))])
        #expect(total.latency.count == 2)
        #expect(total.latency.max < 1)
        #expect(total.latency.incomplete == 1)
        let apart = try #require(total.mirrorLatency)
        #expect(apart.count == 3)
        #expect(apart.incomplete == 3)
        #expect(apart.p50 >= 5)

        var mirrorsAlone = GeneratorFigures()
        for latency: UInt64 in [5_000, 6_000] { _ = mirrorsAlone.mirrorLatencies.record(latency) }
        _ = mirrorsAlone.mirrorTurnLatencies.record(5_000)
        #expect(mirrorsAlone.latency.count == 2)
        #expect(mirrorsAlone.turnLatency.count == 1)
        #expect(mirrorsAlone.mirrorLatency == nil)
        #expect(GeneratorFigures().mirrorLatency == nil)
    }

    @Test func cardsAreConservedOnlyIfEveryGeneratorSaysSo() {
        let total = GeneratorFigures.sum([
            figures(latencies: [], actions: 1), figures(latencies: [], actions: 1, conserved: false),
        ])
        #expect(!total.cardsConserved)
    }
}
