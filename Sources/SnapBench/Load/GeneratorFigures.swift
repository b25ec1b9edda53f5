import Histogram

/// What one load generator — this process, or one `snap-bench load-worker` child — measured of its share of
/// the tables, in a form that adds up exactly across processes (`snap-bench load --generators K`).
public struct GeneratorFigures: Codable, Sendable {
    /// Bots signed in and seated.
    public var connected = 0
    /// Bots that could not connect or sit down.
    public var failed = 0
    /// Redirects the bots followed to their table's node of a cluster.
    public var redirects = 0
    /// Rounds won during the measured part.
    public var rounds = 0
    /// Turns and calls sent during the measured part.
    public var actions = 0
    /// Turns sent during the measured part.
    public var turns = 0
    /// Snap! calls sent during the measured part.
    public var calls = 0
    /// Packets from the server to the bots during the measured part.
    public var packetsOut = 0
    /// The WebSocket messages they came in.
    public var messagesOut = 0
    /// Their payload bytes.
    public var bytesOut = 0
    /// Packets from the bots to the server during the measured part.
    public var packetsIn = 0
    /// Their payload bytes.
    public var bytesIn = 0
    /// Wire errors, undecodable or ill-fitting packets and dropped connections over the whole run.
    public var protocolErrors = 0
    /// Whether every mirror table held its 52 cards at the end.
    public var cardsConserved = true
    /// Tables whose bots are full clients with a mirror of the table.
    public var mirrorTables = 0
    /// This process's CPU seconds during the measured part.
    public var cpuSeconds = 0.0
    /// Actions whose result had not reached every seat when the same player acted again.
    var incomplete = 0
    /// Every latency of the measured part, in microseconds (the buckets themselves, so that they add up exactly).
    var latencies = LatencyRecorder.emptyHistogram
    /// The turns' latencies alone, in microseconds.
    var turnLatencies = LatencyRecorder.emptyHistogram
    /// The calls' latencies alone, in microseconds (each includes the wait for its verdict).
    var callLatencies = LatencyRecorder.emptyHistogram
    /// The mirror tables' actions not timed, all their latencies, their turns' and their calls' (full clients,
    /// kept apart).
    var mirrorIncomplete = 0
    var mirrorLatencies = LatencyRecorder.emptyHistogram
    var mirrorTurnLatencies = LatencyRecorder.emptyHistogram
    var mirrorCallLatencies = LatencyRecorder.emptyHistogram

    /// Nothing measured.
    public init() {}

    /// The figures of several generators added up: counts and CPU summed, latencies merged bucket by bucket, and
    /// cards conserved only if every generator says so.
    public static func sum(_ all: [GeneratorFigures]) -> GeneratorFigures {
        var total = GeneratorFigures()
        for figures in all {
            total.connected += figures.connected
            total.failed += figures.failed
            total.redirects += figures.redirects
            total.rounds += figures.rounds
            total.actions += figures.actions
            total.turns += figures.turns
            total.calls += figures.calls
            total.packetsOut += figures.packetsOut
            total.messagesOut += figures.messagesOut
            total.bytesOut += figures.bytesOut
            total.packetsIn += figures.packetsIn
            total.bytesIn += figures.bytesIn
            total.protocolErrors += figures.protocolErrors
            total.cardsConserved = total.cardsConserved && figures.cardsConserved
            total.mirrorTables += figures.mirrorTables
            total.cpuSeconds += figures.cpuSeconds
            total.incomplete += figures.incomplete
            total.latencies.add(figures.latencies)
            total.turnLatencies.add(figures.turnLatencies)
            total.callLatencies.add(figures.callLatencies)
            total.mirrorIncomplete += figures.mirrorIncomplete
            total.mirrorLatencies.add(figures.mirrorLatencies)
            total.mirrorTurnLatencies.add(figures.mirrorTurnLatencies)
            total.mirrorCallLatencies.add(figures.mirrorCallLatencies)
        }
        return total
    }

    /// Whether the run's latencies are the mirror tables' because no lean bot measured any (a run of one table).
    var measuredByMirrorsAlone: Bool { latencies.totalCount == 0 && mirrorLatencies.totalCount > 0 }

    /// The latency percentiles, in milliseconds: the lean bots'; the mirror tables' when there were no others.
    public var latency: LatencySummary {
        measuredByMirrorsAlone
            ? Self.summary(mirrorLatencies, incomplete: mirrorIncomplete) : Self.summary(latencies, incomplete: incomplete)
    }

    /// The turns' latency percentiles, in milliseconds, from the same bots as ``latency``.
    public var turnLatency: LatencySummary {
        Self.summary(measuredByMirrorsAlone ? mirrorTurnLatencies : turnLatencies, incomplete: 0)
    }

    /// The calls' latency percentiles, in milliseconds, from the same bots as ``latency``: from a call to its
    /// verdict at every seat, the wait for the verdict included.
    public var callLatency: LatencySummary {
        Self.summary(measuredByMirrorsAlone ? mirrorCallLatencies : callLatencies, incomplete: 0)
    }

    /// The mirror tables' latency percentiles, in milliseconds, when they are not already the run's.
    public var mirrorLatency: LatencySummary? {
        measuredByMirrorsAlone || mirrorLatencies.totalCount == 0
            ? nil : Self.summary(mirrorLatencies, incomplete: mirrorIncomplete)
    }

    private static func summary(_ histogram: Histogram<UInt64>, incomplete: Int) -> LatencySummary {
        let recorder = LatencyRecorder()
        recorder.add(histogram, incomplete: incomplete)
        return recorder.summary()
    }
}
