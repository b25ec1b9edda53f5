import Foundation
import Synchronization

/// One load run: starts the server (unless given an address), opens the tables of bots over the ramp, measures
/// for the duration, and reports.
public struct LoadRun: Sendable {
    /// Which server the bots play on.
    public enum Server: String, Sendable {
        /// The Snap! game server (`snap serve`).
        case snap
        /// The transport floor (`snap bench floor-server`).
        case floor
    }

    /// Why a run could not go ahead.
    public enum Failure: Error, CustomStringConvertible {
        case tooManyConnections(wanted: Int, allowed: Int)
        case noTableOpened(String)

        public var description: String {
            switch self {
            case .tooManyConnections(let wanted, let allowed):
                "\(wanted) connections need \(wanted) file descriptors, but this process may open only \(allowed) "
                    + "(ulimit -n, and the hard limit cannot be raised here). Use fewer --tables or --players."
            case .noTableOpened(let why):
                "Not one table could be opened: \(why). Is the server at that address running, and of the kind asked for?"
            }
        }
    }

    private let server: Server
    private let settings: LoadSettings
    private let url: String?
    private let executable: String
    private let progress: @Sendable (String) -> Void

    /// A run of `settings` against `server`: started from `executable` in its own process, or the one at `url`.
    ///
    /// - Parameter progress: told a one-line status about once a second (for a live line on a terminal).
    public init(
        server: Server, settings: LoadSettings, url: String? = nil, executable: String,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.server = server
        self.settings = settings
        self.url = url
        self.executable = executable
        self.progress = progress
    }

    /// Runs the load and returns its figures.
    public func run() async throws -> LoadReport {
        try Self.allowDescriptors(settings.clients + 64)
        let process: ServerProcess?
        if url == nil {
            process = try await ServerProcess.launch(executable: executable, arguments: serverArguments)
        } else {
            process = nil
        }
        let url = url ?? "ws://127.0.0.1:\(process!.port)/ws"
        do {
            let report = try await measure(url: url, pid: process?.pid)
            await process?.stop()
            return report
        } catch {
            await process?.stop()
            throw error
        }
    }

    private var serverArguments: [String] {
        switch server {
        case .snap:
            // Classic rounds with no turn timer: the bots set the pace, as in every figure in PERFORMANCE.md. Every
            // bot comes from 127.0.0.1, so the caps per address are lifted.
            [
                "serve", "--host", "127.0.0.1", "--port", "0", "--speed", "\(settings.speed)", "--log-level", "error",
                "--round", "classic", "--turn-time", "off",
                "--max-connections-per-address", "1000000", "--max-tables-per-address", "1000000",
                "--connection-rate-per-address", "1000000",
            ] + settings.serverOptions
        case .floor:
            ["bench", "floor-server", "--port", "0", "--speed", "\(settings.speed)"]
        }
    }

    private func measure(url: String, pid: Int32?) async throws -> LoadReport {
        let recorder = LatencyRecorder()
        let counters = LoadCounters()
        let context = LoadContext(url: url, settings: settings, recorder: recorder, counters: counters)
        let tables: [any LoadTable] = (0..<settings.tables).map { index in
            switch server {
            case .snap: SnapLoadTable(index: index, context: context)
            case .floor: FloorLoadTable(index: index, context: context)
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        let idle = pid.flatMap(ProcessStats.read(pid:))

        // Ramp: open the tables evenly spread over the ramp, each in its own task.
        let clock = ContinuousClock()
        let rampStart = clock.now
        let firstFailure = FirstFailure()
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(1))
                    progress(
                        "ramp  \(Self.seconds(clock.now - rampStart))  connected \(counters.connected.value)/\(settings.clients)"
                            + "  failed \(counters.failed.value)")
                }
            }
            await withTaskGroup(of: Void.self) { openers in
                for (index, table) in tables.enumerated() {
                    let due = rampStart + settings.ramp * (Double(index) / Double(settings.tables))
                    openers.addTask {
                        try? await clock.sleep(until: due)
                        do {
                            try await table.open()
                        } catch {
                            firstFailure.note(error)
                        }
                    }
                }
            }
            group.cancelAll()
        }
        if counters.connected.value == 0 {
            throw Failure.noTableOpened(firstFailure.text ?? "no reason given")
        }

        // The measured part.
        recorder.reset()
        counters.resetActivity()
        let trafficBefore = await Self.traffic(of: tables)
        let before = pid.flatMap(ProcessStats.read(pid:))
        let generatorBefore = ProcessStats.current()
        let start = clock.now
        var loadedRss = before?.residentBytes ?? 0
        while clock.now - start < settings.duration {
            try await Task.sleep(for: min(.seconds(1), settings.duration - (clock.now - start)))
            let stats = pid.flatMap(ProcessStats.read(pid:))
            loadedRss = max(loadedRss, stats?.residentBytes ?? 0)
            let elapsed = (clock.now - start).inSeconds
            var line = "load  \(Self.seconds(clock.now - start))/\(Self.seconds(settings.duration))"
            line += "  clients \(counters.connected.value)"
            line += "  actions/s \(Int(Double(counters.actions.value) / elapsed))"
            line += "  rounds \(counters.rounds.value)"
            line += "  p99 \(String(format: "%.2f", recorder.summary().p99)) ms"
            if let stats, let before {
                line += "  server CPU \(Int((stats.cpuSeconds - before.cpuSeconds) / elapsed * 100))%"
                line += "  RSS \(stats.residentBytes / 1_048_576) MiB"
            }
            progress(line)
        }
        let elapsed = (clock.now - start).inSeconds
        let after = pid.flatMap(ProcessStats.read(pid:))
        let generatorAfter = ProcessStats.current()
        let trafficAfter = await Self.traffic(of: tables)
        let traffic = trafficAfter - trafficBefore
        let latency = recorder.summary()
        let (actions, turns, calls, rounds) = (
            counters.actions.value, counters.turns.value, counters.calls.value, counters.rounds.value
        )
        // Over the whole run, ramp included: a protocol error is never part of normal play.
        let errors = counters.protocolErrors.value + trafficAfter.protocolErrors
        var conserved = true
        for table in tables where await !table.cardsConserved() { conserved = false }

        progress("closing \(counters.connected.value) connections…")
        await withTaskGroup(of: Void.self) { group in
            for table in tables { group.addTask { await table.close() } }
        }

        let connected = counters.connected.value
        let idleRss = idle?.residentBytes
        let loaded = pid == nil ? nil : loadedRss
        return LoadReport(
            server: server.rawValue, tables: settings.tables, players: settings.players, durationSeconds: elapsed,
            clientsConnected: connected, clientsFailed: counters.failed.value, rounds: rounds, actions: actions,
            turns: turns, calls: calls, actionsPerSecond: Double(actions) / elapsed,
            packetsPerSecondOut: Double(traffic.packetsOut) / elapsed, bytesPerSecondOut: Double(traffic.bytesOut) / elapsed,
            packetsPerSecondIn: Double(traffic.packetsIn) / elapsed, bytesPerSecondIn: Double(traffic.bytesIn) / elapsed,
            latencyMs: latency, serverRssBytesIdle: idleRss, serverRssBytesLoaded: loaded,
            rssBytesPerConnection: idleRss.flatMap { idle in
                loaded.map { connected > 0 ? max(0, $0 - idle) / connected : 0 }
            },
            largestOutboxBytes: server == .snap ? await Self.largestOutbox(url: url) : nil,
            serverCpuSecondsPerSecond: pid == nil ? nil : Self.cpuRate(before, after, over: elapsed),
            generatorCpuSecondsPerSecond: Self.cpuRate(generatorBefore, generatorAfter, over: elapsed),
            protocolErrors: errors, cardsConserved: conserved)
    }

    /// The largest outbox a Snap! server at `url` has seen, from its metrics (read on a thread of its own: the
    /// read blocks).
    private static func largestOutbox(url: String) async -> Int? {
        guard let port = URL(string: url)?.port else { return nil }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: ServerGauges.read(port: port)?.largestOutbox) }
        }
    }

    private static func traffic(of tables: [any LoadTable]) async -> Traffic {
        var total = Traffic()
        for table in tables { total = total + (await table.traffic()) }
        return total
    }

    private static func cpuRate(_ before: ProcessStats?, _ after: ProcessStats?, over seconds: Double) -> Double {
        guard let before, let after, seconds > 0 else { return 0 }
        return (after.cpuSeconds - before.cpuSeconds) / seconds
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.0fs", duration.inSeconds)
    }

    /// Raises this process's open-file limit to `count` if it must and may (children inherit it).
    static func allowDescriptors(_ count: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        if limit.rlim_cur >= rlim_t(count) { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw Failure.tooManyConnections(wanted: count - 64, allowed: Int(limit.rlim_max) - 64)
        }
        limit.rlim_cur = rlim_t(count)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
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
