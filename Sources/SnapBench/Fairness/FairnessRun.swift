import Foundation
import SnapCore

/// A `snap-bench fairness` run: for each scenario, a server per judging mode (`snap serve --judging arrival` and
/// `--judging reaction`, each in its own process, side by side), tables of two racing players behind delay
/// proxies on each, until enough races are in; then the figures.
public struct FairnessRun: Sendable {
    /// Why a run could not go ahead.
    public enum Failure: Error, CustomStringConvertible {
        case noTableOpened(scenario: String, judging: FairnessJudging, why: String)

        public var description: String {
            switch self {
            case .noTableOpened(let scenario, let judging, let why):
                "Not one table could be opened for \(scenario) (--judging \(judging.rawValue)): \(why)"
            }
        }
    }

    private let settings: FairnessSettings
    private let executable: String
    private let progress: @Sendable (String) -> Void

    /// A run of `settings`, starting servers from `executable`.
    ///
    /// - Parameter progress: told a one-line status about once a second.
    public init(settings: FairnessSettings, executable: String, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.settings = settings
        self.executable = executable
        self.progress = progress
    }

    /// Plays every scenario and returns the figures.
    public func run() async throws -> FairnessReport {
        // Per player: its client socket, and its proxy's listener, accepted socket and socket to the server; two modes.
        try LoadRun.allowDescriptors(settings.tables * 2 * 2 * 4 + 64)
        let clock = ContinuousClock()
        let start = clock.now
        var scenarios = [FairnessScenarioReport]()
        for scenario in settings.scenarios {
            async let arrival = play(scenario, judging: .arrival)
            async let reaction = play(scenario, judging: .reaction)
            let (arrivalCollected, reactionCollected) = try await (arrival, reaction)
            scenarios.append(FairnessScenarioReport(
                name: scenario.name, summary: scenario.summary, networks: scenario.networks.map(\.description),
                cheat: scenario.cheat?.summary, headStartMs: scenario.headStartMs, arrival: arrivalCollected,
                reaction: reactionCollected))
        }
        return FairnessReport(
            seed: settings.seed, racesWanted: settings.races, tables: settings.tables, speed: settings.speed,
            boundMs: settings.boundMilliseconds, durationSeconds: (clock.now - start).inSeconds,
            verdictDelayMeasure: FairnessJudgingReport.verdictDelayMeasure,
            gainDefinition: FairnessJudgingReport.gainDefinition, scenarios: scenarios)
    }

    private func serverArguments(_ judging: FairnessJudging) -> [String] {
        [
            "serve", "--host", "127.0.0.1", "--port", "0", "--speed", "\(settings.speed)", "--log-level", "error", "--db", "none",
            "--judging", judging.rawValue, "--max-compensation", "\(settings.boundMilliseconds)",
            // The scripted players set the pace: no turn timer, and no clock to end the round under them.
            "--round", "classic", "--turn-time", "off",
            // The players reach the server through the delay proxies of this process: the kernel's round trip of each
            // socket is the proxy's, on loopback, not the network the proxy plays. The honest players' proxies connect
            // from 127.0.0.2, which the server trusts as a proxy and so judges by the pongs alone, as it does behind
            // nginx (docs/FAIRNESS.md); a cheater's proxy plays no delay and connects from 127.0.0.1, so the server
            // measures its true round trip — unless the scenario puts it behind a trusted proxy too.
            "--trusted-proxy", FairnessPlayer.trustedSource,
        ]
    }

    /// One scenario under one judging mode, on its own server.
    private func play(_ scenario: FairnessScenario, judging: FairnessJudging) async throws -> FairnessJudgingReport {
        let server = try await ServerProcess.launch(executable: executable, arguments: serverArguments(judging))
        let matchesOnly = scenario.matchesOnly
        let collector = FairnessCollector(wanted: settings.races) { race in !matchesOnly || race.onMatch }
        // The scenario's place among all scenarios, not among those chosen, so that its draws do not depend on
        // which others run with it.
        let scenarioNumber = UInt64(FairnessScenario.all.firstIndex(of: scenario) ?? 0)
        var seats = [(table: FairnessTable, players: [FairnessPlayer])]()
        var firstFailure: (any Error)?
        var players = [Task<Void, Never>]()
        await withTaskGroup(of: Result<(FairnessTable, [FairnessPlayer]), any Error>.self) { group in
            for index in 0..<settings.tables {
                // The same draws at table N under both judging modes: the modes race the same script.
                var seeds = SplitMix64(seed: settings.seed &+ scenarioNumber &* 1_000_003 &+ UInt64(index) &* 7_919)
                let table = FairnessTable(index: index, scenario: scenario, seed: seeds.next(), collector: collector)
                let (hostSeed, guestSeed) = (seeds.next(), seeds.next())
                group.addTask {
                    do {
                        let host = try await FairnessPlayer.join(
                            0, table: table, serverPort: server.port, code: nil, seed: hostSeed, speed: settings.speed)
                        do {
                            let guest = try await FairnessPlayer.join(
                                1, table: table, serverPort: server.port, code: await host.tableCode, seed: guestSeed,
                                speed: settings.speed)
                            return .success((table, [host, guest]))
                        } catch {
                            await host.close()
                            throw error
                        }
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for await result in group {
                switch result {
                case .success(let opened): seats.append(opened)
                case .failure(let error): firstFailure = firstFailure ?? error
                }
            }
        }
        guard !seats.isEmpty else {
            await server.stop()
            throw Failure.noTableOpened(
                scenario: scenario.name, judging: judging, why: firstFailure.map { "\($0)" } ?? "no reason given")
        }
        for (_, seated) in seats {
            for player in seated { players.append(Task { await player.play() }) }
            if let headStart = scenario.headStartMs, headStart > 0 {
                // Sent before StartRound on the same connection: the table has it when the round starts.
                await seated[0].giveHeadStart(.milliseconds(headStart), to: seated[1])
            }
            await seated[0].startRound()
        }

        let clock = ContinuousClock()
        let start = clock.now
        var lastWord = start
        while !collector.isFull, clock.now - start < settings.timeout {
            try? await Task.sleep(for: .milliseconds(100))
            if clock.now - lastWord >= .seconds(1) {
                lastWord = clock.now
                progress("\(scenario.name)  \(judging.rawValue)  \(collector.count)/\(settings.races) races  "
                    + String(format: "%.0fs", (clock.now - start).inSeconds))
            }
        }

        var errors = 0
        var refused = 0
        for (_, seated) in seats {
            for player in seated {
                errors += await player.protocolErrors
                refused += player.callsRefused
            }
        }
        for (_, seated) in seats {
            for player in seated { await player.close() }
        }
        for task in players { await task.value }
        await server.stop()

        let logs = Dictionary(uniqueKeysWithValues: seats.map { ($0.table.index, FairnessProxyLog($0.players.map(\.proxy))) })
        let races = collector.all.map { race in
            var race = race
            race.verdictDelay = logs[race.table]?.verdictDelay(of: race)
            return race
        }
        return FairnessJudgingReport(
            judging: judging, scenario: scenario, races: races, voidRaces: collector.voidCount, callsRefused: refused,
            protocolErrors: errors)
    }
}
