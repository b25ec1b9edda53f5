import Foundation
import Synchronization

/// One load run: starts the server (unless given an address), opens the tables of bots over the ramp, measures
/// for the duration, and reports.
public struct LoadRun: Sendable {
    /// Which server the bots play on.
    public enum Server: String, Sendable {
        /// The Snap! game server (`snap serve`).
        case snap
        /// The transport floor (`snap-bench floor-server`).
        case floor
    }

    /// Why a run could not go ahead.
    public enum Failure: Error, CustomStringConvertible {
        case tooManyConnections(wanted: Int, allowed: Int)
        case noTableOpened(String)

        public var description: String {
            switch self {
            case .tooManyConnections(let wanted, let allowed):
                "\(wanted) connections need \(wanted) file descriptors, but one process may open only \(allowed) "
                    + "(ulimit -n, and the hard limit cannot be raised here). Use fewer --tables or --players "
                    + "(against --url, more --generators share the bots between more processes)."
            case .noTableOpened(let why):
                "Not one table could be opened: \(why). Is the server at that address running, and of the kind asked for?"
            }
        }
    }

    private let server: Server
    private let settings: LoadSettings
    private let url: String?
    private let executables: BenchExecutables
    private let progress: @Sendable (String) -> Void

    /// A run of `settings` against `server`: started in its own process from one of `executables`, or the one at
    /// `url`; load workers are started from the bench's own executable.
    ///
    /// - Parameter progress: told a one-line status about once a second (for a live line on a terminal).
    public init(
        server: Server, settings: LoadSettings, url: String? = nil, executables: BenchExecutables,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.server = server
        self.settings = settings
        self.url = url
        self.executables = executables
        self.progress = progress
    }

    /// Runs the load and returns its figures.
    public func run() async throws -> LoadReport {
        try checkDescriptors()
        let process: ServerProcess?
        if url == nil {
            let executable = server == .snap ? try executables.snap() : executables.bench
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

    /// Raises this process's open-file limit for the server it starts (which inherits it) and for the bots it runs
    /// itself; throws when a process would need more files than this system allows one.
    private func checkDescriptors() throws {
        if settings.generators == 1 {
            return try Self.allowDescriptors(settings.clients + 64)
        }
        // Each child raises its own limit for its share; the server started here needs one for every bot.
        let share = (settings.tables + settings.generators - 1) / settings.generators * settings.players
        try Self.allowDescriptors(share + 64, raising: false)
        if url == nil { try Self.allowDescriptors(settings.clients + 64) }
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
            ["floor-server", "--port", "0", "--speed", "\(settings.speed)"]
        }
    }

    private func measure(url: String, pid: Int32?) async throws -> LoadReport {
        try await Task.sleep(for: .milliseconds(300))
        let idle = pid.flatMap(ProcessStats.read(pid:))
        let bots: any Bots
        if settings.generators == 1 {
            bots = InProcessBots(LoadGenerator(settings: settings, url: url))
        } else {
            bots = try ChildBots(executable: executables.bench, settings: settings, url: url)
        }
        do {
            return try await measure(bots, url: url, pid: pid, idle: idle)
        } catch {
            await bots.abandon()
            throw error
        }
    }

    private func measure(_ bots: any Bots, url: String, pid: Int32?, idle: ProcessStats?) async throws -> LoadReport {
        // Ramp: the tables open evenly spread over it.
        let clock = ContinuousClock()
        let rampStart = clock.now
        let live = (bots as? InProcessBots)?.generator
        let progress = progress
        let settings = settings
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(1))
                    var line = "ramp  \(Self.seconds(clock.now - rampStart))"
                    if let counters = live?.counters {
                        line += "  connected \(counters.connected.value)/\(settings.clients)"
                        line += "  failed \(counters.failed.value)"
                    } else {
                        line += "  \(settings.generators) generators opening \(settings.clients) connections"
                    }
                    progress(line)
                }
            }
            try await bots.open(rampStart: rampStart)
            group.cancelAll()
        }

        // The measured part.
        await bots.startMeasuring()
        let gaugesBefore = server == .snap ? await Self.gauges(url: url) : nil
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
            if let live {
                line += "  clients \(live.counters.connected.value)"
                line += "  actions/s \(Int(Double(live.counters.actions.value) / elapsed))"
                line += "  rounds \(live.counters.rounds.value)"
                let recorder = live.recorder.count > 0 ? live.recorder : live.mirrorRecorder
                line += "  p99 \(String(format: "%.2f", recorder.summary().p99)) ms"
            }
            if let stats, let before {
                line += "  server CPU \(Int((stats.cpuSeconds - before.cpuSeconds) / elapsed * 100))%"
                line += "  RSS \(stats.residentBytes / 1_048_576) MiB"
            }
            progress(line)
        }
        let elapsed = (clock.now - start).inSeconds
        let after = pid.flatMap(ProcessStats.read(pid:))
        let generatorAfter = ProcessStats.current()
        let gaugesAfter = server == .snap ? await Self.gauges(url: url) : nil
        progress("closing the connections…")
        let figures = try await bots.finish()
        let latency = figures.latency

        let connected = figures.connected
        let idleRss = idle?.residentBytes
        let loaded = pid == nil ? nil : loadedRss
        // The generator's CPU is every process of it: this one, and the children's own.
        var generatorCpu = Self.cpuRate(generatorBefore, generatorAfter, over: elapsed)
        if !(bots is InProcessBots) { generatorCpu += figures.cpuSeconds / elapsed }
        let perSecond = { (count: Int) -> Double in Double(count) / elapsed }
        let perConnection: Int? = idleRss.flatMap { idle in
            loaded.map { connected > 0 ? max(0, $0 - idle) / connected : 0 }
        }
        let judgingWait = gaugesAfter?.judgingWait.flatMap { JudgingWaitSummary($0.since(gaugesBefore?.judgingWait)) }
        let serverCpu: Double? = pid == nil ? nil : Self.cpuRate(before, after, over: elapsed)
        return LoadReport(
            server: server.rawValue, tables: settings.tables, players: settings.players, durationSeconds: elapsed,
            clientsConnected: connected, clientsFailed: figures.failed, redirects: figures.redirects,
            rounds: figures.rounds,
            actions: figures.actions, turns: figures.turns, calls: figures.calls,
            actionsPerSecond: perSecond(figures.actions),
            packetsPerSecondOut: perSecond(figures.packetsOut), messagesPerSecondOut: perSecond(figures.messagesOut),
            bytesPerSecondOut: perSecond(figures.bytesOut),
            packetsPerSecondIn: perSecond(figures.packetsIn), bytesPerSecondIn: perSecond(figures.bytesIn),
            latencyMs: latency, turnLatencyMs: figures.turnLatency, callLatencyMs: figures.callLatency,
            judgingWaitMs: judgingWait, mirrorLatencyMs: figures.mirrorLatency,
            serverRssBytesIdle: idleRss, serverRssBytesLoaded: loaded,
            rssBytesPerConnection: perConnection, largestOutboxBytes: gaugesAfter?.largestOutbox,
            serverCpuSecondsPerSecond: serverCpu, generatorCpuSecondsPerSecond: generatorCpu,
            generators: settings.generators, mirrorTables: figures.mirrorTables,
            protocolErrors: figures.protocolErrors, cardsConserved: figures.cardsConserved)
    }

    /// What a Snap! server at `url` says of itself at its `/metrics` (read on a thread of its own: the read blocks).
    private static func gauges(url: String) async -> ServerGauges? {
        guard let port = URL(string: url)?.port else { return nil }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: ServerGauges.read(port: port)) }
        }
    }

    private static func cpuRate(_ before: ProcessStats?, _ after: ProcessStats?, over seconds: Double) -> Double {
        guard let before, let after, seconds > 0 else { return 0 }
        return (after.cpuSeconds - before.cpuSeconds) / seconds
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.0fs", duration.inSeconds)
    }

    /// Raises this process's open-file limit to `count` if it must and may (children inherit it); with `raising`
    /// false, only checks that it could be.
    static func allowDescriptors(_ count: Int, raising: Bool = true) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw Failure.tooManyConnections(wanted: count - 64, allowed: Int(limit.rlim_max) - 64)
        }
        if !raising || limit.rlim_cur >= rlim_t(count) { return }
        limit.rlim_cur = rlim_t(count)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Raises this process's open-file soft limit as far as the hard limit allows (a generator child, which opens
    /// only its share of the bots); returns the limit now.
    public static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
