import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The bots of a load run, or of one generator's share of them: opens its tables over the ramp, measures between
/// ``startMeasuring()`` and ``finish()``, then closes every connection.
///
/// Generator `share` of `shares` takes tables `share`, `share + shares`, … of the run, each opened at the moment of
/// the ramp the whole run gives it, so K generators together open the tables just as one would. Every table whose
/// number is a multiple of ``LoadSettings/mirrorEvery`` (the first always) is played by full clients that mirror
/// the table and check its 52 cards (``SnapLoadTable``); the rest by lean bots on shared event loops. The lean
/// bots' latencies are the run's; the mirror tables' are kept apart (see ``GeneratorFigures/latency``).
public final class LoadGenerator: Sendable {
    /// The live counters, for a progress line.
    public let counters = LoadCounters()
    /// The lean bots' latencies so far.
    public let recorder = LatencyRecorder()
    /// The mirror tables' latencies so far (full clients).
    public let mirrorRecorder = LatencyRecorder()
    private let settings: LoadSettings
    private let tables: [any LoadTable]
    private let before = Mutex<(traffic: Traffic, cpu: ProcessStats?)>((Traffic(), nil))

    /// The bots of generator `share` of `shares` for a run of `settings` against the server at `url`, Snap! or the
    /// floor alike.
    public init(settings: LoadSettings, url: String, share: Int = 0, of shares: Int = 1) {
        self.settings = settings
        let context = LoadContext(
            url: url, settings: settings, recorder: recorder, mirrorRecorder: mirrorRecorder, counters: counters)
        let group = MultiThreadedEventLoopGroup.singleton
        tables = stride(from: share, to: settings.tables, by: shares).map { index -> any LoadTable in
            if settings.isMirror(table: index) {
                SnapLoadTable(index: index, context: context)
            } else {
                LeanSnapTable(index: index, context: context, loop: group.next())
            }
        }
    }

    /// How many of this generator's tables are mirror tables.
    public var mirrorTables: Int { tables.count(where: { $0 is SnapLoadTable }) }

    /// Opens every table at its moment of the ramp, which began at `rampStart`; throws when not one could open.
    public func open(rampStart: ContinuousClock.Instant) async throws {
        let firstFailure = FirstFailure()
        let (settings, tables) = (settings, tables)
        await withTaskGroup(of: Void.self) { openers in
            for table in tables {
                let due = rampStart + settings.ramp * (Double(table.index) / Double(settings.tables))
                openers.addTask {
                    try? await ContinuousClock().sleep(until: due)
                    do {
                        try await table.open()
                    } catch {
                        firstFailure.note(error)
                    }
                }
            }
        }
        if counters.connected.value == 0, !tables.isEmpty {
            throw LoadRun.Failure.noTableOpened(firstFailure.text ?? "no reason given")
        }
    }

    /// The measured part begins: what came before is forgotten, but for connections and protocol errors.
    public func startMeasuring() async {
        recorder.reset()
        mirrorRecorder.reset()
        counters.resetActivity()
        let traffic = await traffic()
        before.withLock { $0 = (traffic, ProcessStats.current()) }
    }

    /// The measured part ends: reads the figures, then closes every connection.
    public func finish() async -> GeneratorFigures {
        let cpuAfter = ProcessStats.current()
        let trafficAfter = await traffic()
        let (trafficBefore, cpuBefore) = before.withLock { $0 }
        let moved = trafficAfter - trafficBefore
        var figures = GeneratorFigures()
        figures.connected = counters.connected.value
        figures.failed = counters.failed.value
        figures.redirects = counters.redirects.value
        figures.rounds = counters.rounds.value
        figures.actions = counters.actions.value
        figures.turns = counters.turns.value
        figures.calls = counters.calls.value
        figures.packetsOut = moved.packetsOut
        figures.messagesOut = moved.messagesOut
        figures.bytesOut = moved.bytesOut
        figures.packetsIn = moved.packetsIn
        figures.bytesIn = moved.bytesIn
        // Over the whole run, ramp included: a protocol error is never part of normal play.
        figures.protocolErrors = counters.protocolErrors.value + trafficAfter.protocolErrors
        for table in tables where await !table.cardsConserved() { figures.cardsConserved = false }
        figures.mirrorTables = mirrorTables
        if let cpuBefore, let cpuAfter { figures.cpuSeconds = cpuAfter.cpuSeconds - cpuBefore.cpuSeconds }
        figures.incomplete = recorder.incompleteCount
        figures.latencies = recorder.histogram
        figures.turnLatencies = recorder.turnHistogram
        figures.callLatencies = recorder.callHistogram
        figures.mirrorIncomplete = mirrorRecorder.incompleteCount
        figures.mirrorLatencies = mirrorRecorder.histogram
        figures.mirrorTurnLatencies = mirrorRecorder.turnHistogram
        figures.mirrorCallLatencies = mirrorRecorder.callHistogram
        await withTaskGroup(of: Void.self) { group in
            for table in tables { group.addTask { await table.close() } }
        }
        return figures
    }

    private func traffic() async -> Traffic {
        var total = Traffic()
        for table in tables { total = total + (await table.traffic()) }
        return total
    }
}

/// The first of many errors, kept to explain a run that could not start.
private final class FirstFailure: Sendable {
    private let first = Mutex<String?>(nil)

    func note(_ error: any Error) {
        first.withLock { $0 = $0 ?? "\(error)" }
    }

    var text: String? { first.withLock { $0 } }
}
