import Testing

@testable import SnapBench

/// Pairs of runs pool their throughput as every action over every CPU-second, not as a mean of their ratios; the
/// turns' p99 ratio is the pairs' median, and the servers take turns going first.
@Suite struct LoadSeriesTests {
    func report(_ server: String, actionsPerSecond: Double, cpu: Double?, turnsP99: Double = 10, rss: Int = 7_000)
        -> LoadReport
    {
        let latency = LatencySummary(p50: 1, p90: 2, p99: turnsP99, p999: turnsP99, max: turnsP99, count: 100, incomplete: 0)
        return LoadReport(
            server: server, tables: 10, players: 4, durationSeconds: 30, clientsConnected: 40, clientsFailed: 0,
            redirects: 0, rounds: 1, actions: Int(actionsPerSecond * 30), turns: 0, calls: 0,
            actionsPerSecond: actionsPerSecond, packetsPerSecondOut: 0, messagesPerSecondOut: 0, bytesPerSecondOut: 0,
            packetsPerSecondIn: 0, bytesPerSecondIn: 0, latencyMs: latency, turnLatencyMs: latency,
            callLatencyMs: latency, judgingWaitMs: nil, mirrorLatencyMs: nil, serverRssBytesIdle: 0,
            serverRssBytesLoaded: rss * 40, rssBytesPerConnection: rss, largestOutboxBytes: nil,
            serverCpuSecondsPerSecond: cpu, generatorCpuSecondsPerSecond: 0.5, generators: 1, mirrorTables: 0,
            protocolErrors: 0, cardsConserved: true)
    }

    @Test func throughputIsEveryActionOverEveryCPUSecondOfEachServer() {
        // Pair 1: Snap! 6,000 actions/s on 0.8 CPU, the floor 6,000 on 0.75 (ratio 0.9375). Pair 2: the machine
        // slowed during Snap!'s half: Snap! 6,000 on 1.0, the floor 6,000 on 0.75 (0.75).
        let series = LoadSeries(pairs: [
            LoadComparison(snap: report("snap", actionsPerSecond: 6_000, cpu: 0.8), floor: report("floor", actionsPerSecond: 6_000, cpu: 0.75)),
            LoadComparison(snap: report("snap", actionsPerSecond: 6_000, cpu: 1.0), floor: report("floor", actionsPerSecond: 6_000, cpu: 0.75)),
        ])
        // 12,000 actions a second over 1.8 CPU-s against 12,000 over 1.5: 1.5 / 1.8 — not the mean of 0.9375 and 0.75.
        #expect(abs(series.throughputRatio - 1.5 / 1.8) < 1e-9)
        #expect(abs(series.throughputRatioRange.lowerBound - 0.75) < 1e-9)
        #expect(abs(series.throughputRatioRange.upperBound - 0.9375) < 1e-9)
    }

    @Test func aRunWithoutItsCPUGivesNoThroughput() {
        let series = LoadSeries(pairs: [
            LoadComparison(snap: report("snap", actionsPerSecond: 6_000, cpu: nil), floor: report("floor", actionsPerSecond: 6_000, cpu: 0.75)),
        ])
        #expect(series.throughputRatio == 0)
    }

    @Test func theTurnsP99RatioIsThePairsMedianAndMemoryTheirMean() {
        let pairs = [(12.0, 7_000), (30.0, 7_200), (9.0, 7_400)].map { p99, rss in
            LoadComparison(
                snap: report("snap", actionsPerSecond: 6_000, cpu: 0.8, turnsP99: p99, rss: rss),
                floor: report("floor", actionsPerSecond: 6_000, cpu: 0.8, turnsP99: 10, rss: 6_000))
        }
        let series = LoadSeries(pairs: pairs)
        #expect(abs(series.turnLatencyP99Ratio - 1.2) < 1e-9)
        #expect(abs(LoadSeries(pairs: Array(pairs.prefix(2))).turnLatencyP99Ratio - 2.1) < 1e-9)
        #expect(abs(series.memoryRatio - 7_200.0 / 6_000) < 1e-9)
    }

    @Test func theServersTakeTurnsGoingFirst() {
        #expect((0..<4).map(LoadSeries.snapRunsFirst(inPair:)) == [true, false, true, false])
    }
}
