import Foundation
import Logging
import SnapClient
import SnapCore
import SnapNetworkTools
import SnapPostgres
import SnapStore

/// One run of `snap-bench failover`: starts the nodes of a cluster in processes of their own, seats two bots at
/// each table on node 1 (with the other nodes as their fallbacks), times joins through node 2, lets the bots play,
/// kills node 1 mid-round with SIGKILL, reads the tables' journals at once, and follows every table until it plays
/// again on another node.
public struct FailoverRun: Sendable {
    /// Why a run could not go ahead.
    public enum Failure: Error, CustomStringConvertible {
        case notPostgres(String)
        case database(String)
        case couldNotSeat(String)
        case stalled(String)

        public var description: String {
            switch self {
            case .notPostgres(let value):
                "--db \(value) is not a PostgreSQL database: the nodes of a cluster share one, as in postgres://user:password@127.0.0.1:5432/snap."
            case .database(let why): "The database could not be used: \(why)"
            case .couldNotSeat(let why): "The bots could not be seated: \(why)"
            case .stalled(let what): "The run stalled: \(what)"
            }
        }
    }

    /// Cards every table should have seen turned in its round before node 1 is killed.
    static let cardsBeforeKill = 5
    /// How long to wait for the tables to play before the kill, and for them to play again after it.
    static let patience: Duration = .seconds(120)

    private let settings: FailoverSettings
    private let executable: String
    private let progress: @Sendable (String) -> Void

    /// A run of `settings`, with nodes started from `executable`.
    ///
    /// - Parameter progress: told a one-line status as the run goes (for a live line on a terminal).
    public init(
        settings: FailoverSettings, executable: String, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.executable = executable
        self.progress = progress
    }

    /// Runs it and returns its figures.
    public func run() async throws -> FailoverReport {
        guard case .postgres(let address)? = try? StoreLocation(settings.database) else {
            throw Failure.notPostgres(settings.database)
        }
        let reader: PostgresCluster
        do throws(StoreError) {
            reader = try await PostgresCluster.open(
                address, logger: .quiet("snap.bench.failover"), timeout: .seconds(settings.databaseTimeout))
        } catch {
            throw Failure.database(error.description)
        }
        var nodes: [(process: ServerProcess, url: String)] = []
        do {
            for number in 1...settings.nodes {
                progress("Starting node \(number) of \(settings.nodes)…")
                nodes.append(try await launchNode(number))
            }
            let report = try await measure(nodes: nodes, reader: reader)
            for node in nodes { await node.process.stop() }
            await reader.close()
            return report
        } catch {
            for node in nodes { await node.process.stop() }
            await reader.close()
            throw error
        }
    }

    /// Starts node `number` on a free loopback port, registered at that port's address.
    private func launchNode(_ number: Int) async throws -> (process: ServerProcess, url: String) {
        let port = try TCPSocket.freeLoopbackPort()
        let url = "ws://127.0.0.1:\(port)/ws"
        // Classic rounds with no turn timer: the bots set the pace. Every bot comes from 127.0.0.1, so the caps per
        // address are lifted; a dropped player's seat is kept well past any failover.
        let process = try await ServerProcess.launch(
            executable: executable,
            arguments: [
                "serve", "--host", "127.0.0.1", "--port", "\(port)", "--log-level", "error", "--no-qr",
                "--db", settings.database, "--db-timeout", "\(settings.databaseTimeout)",
                "--node-url", url, "--lease", "\(settings.lease)", "--seed", "\(settings.seed &+ UInt64(number))",
                "--grace", "120", "--round", "classic", "--turn-time", "off",
                "--max-connections-per-address", "1000000", "--max-tables-per-address", "1000000",
                "--connection-rate-per-address", "1000000",
            ])
        return (process, url)
    }

    private func measure(
        nodes: [(process: ServerProcess, url: String)], reader: PostgresCluster
    ) async throws
        -> FailoverReport
    {
        let urls = nodes.map(\.url)
        var tables: [FailoverTable] = []
        var players: [Task<Void, Never>] = []
        do {
            for number in 1...settings.tables {
                progress("Seating the bots of table \(number) of \(settings.tables) on node 1…")
                let table = try await seat(number, urls: urls)
                tables.append(table)
                for (index, bot) in table.bots.enumerated() {
                    let pace = BotPace(seed: settings.seed &+ UInt64(number * 2 + index) &* 0x9E37_79B9, speed: 1)
                    var hooks = BotPlay.Hooks()
                    hooks.seen = { [table] update in table.seen(update, bot: index) }
                    players.append(
                        Task {
                            await BotPlay(wrongCallChance: 0.02, nextRoundDelay: .seconds(1)).play(
                                bot, pace: pace, hooks: hooks)
                        })
                }
            }
            let joins = try await timeJoins(through: urls[1], to: tables)
            for table in tables { await table.bots[0].startRound() }
            try await playUntilMidRound(tables)
            let report = try await killNodeOne(nodes[0].process, tables: tables, reader: reader, joins: joins)
            for table in tables { for bot in table.bots { await bot.disconnect() } }
            for player in players { await player.value }
            return report
        } catch {
            for table in tables { for bot in table.bots { await bot.disconnect() } }
            for player in players { player.cancel() }
            throw error
        }
    }

    /// Seats the host and the guest of table `number` on node 1, with the other nodes as their fallbacks.
    private func seat(_ number: Int, urls: [String]) async throws -> FailoverTable {
        do {
            let host = try await connect(to: urls[0], name: "Host\(number)", fallbacks: Array(urls.dropFirst()))
            let hostSeat = try await host.sitDown(at: nil)
            guard let code = await host.tableCode else { throw Failure.couldNotSeat("table \(number) has no code") }
            let guest = try await connect(to: urls[0], name: "Guest\(number)", fallbacks: Array(urls.dropFirst()))
            let guestSeat = try await guest.sitDown(at: code)
            return FailoverTable(code: code, bots: [host, guest], seats: [hostSeat, guestSeat])
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.couldNotSeat("table \(number): \(error)")
        }
    }

    private func connect(to url: String, name: String, fallbacks: [String] = []) async throws -> SnapClient {
        try await SnapClient.connect(
            to: url, name: name,
            configuration: .init(
                fallbacks: fallbacks, reconnectWindow: .seconds(120), logger: .quiet("snap.bench.failover.client")))
    }

    /// Times `settings.joins` joins through `url` to the tables (on node 1): from connecting to seated, the
    /// Redirect between; each joiner leaves again.
    private func timeJoins(through url: String, to tables: [FailoverTable]) async throws -> LatencySummary {
        let times = LatencyRecorder()
        for number in 0..<settings.joins {
            progress("Timing joins through node 2: \(number + 1) of \(settings.joins)…")
            let table = tables[number % tables.count]
            let code = table.code
            let clock = ContinuousClock()
            let start = clock.now
            let joiner = try await connect(to: url, name: "Joiner\(number + 1)")
            do {
                _ = try await joiner.sitDown(at: code)
            } catch {
                await joiner.disconnect()
                throw Failure.couldNotSeat("a join through node 2 to table \(code): \(error)")
            }
            times.record(clock.now - start)
            // Seen at the table, then gone from it before the connection closes: a seat dropped would be kept.
            let deadline = clock.now + Self.patience
            for (seated, step) in [(3, "joined"), (2, "left")] {
                if seated == 2 { await joiner.leaveTable() }
                while await table.bots[0].view?.occupiedSeats.count != seated {
                    guard clock.now < deadline else {
                        throw Failure.stalled("the host of table \(code) never saw joiner \(number + 1) who \(step)")
                    }
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            await joiner.disconnect()
        }
        return times.summary()
    }

    /// Waits until every table has turned a few cards in its round.
    private func playUntilMidRound(_ tables: [FailoverTable]) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        while clock.now < deadline {
            let ready = tables.count { $0.turnedSoFar.turned >= Self.cardsBeforeKill }
            progress("Playing: \(ready) of \(tables.count) tables have turned \(Self.cardsBeforeKill) cards…")
            if ready == tables.count { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure.stalled("not every table turned \(Self.cardsBeforeKill) cards within \(Self.patience)")
    }

    /// Kills node 1, reads every table's journal at once, and follows the tables until they all play again (or
    /// the patience runs out).
    private func killNodeOne(
        _ node: ServerProcess, tables: [FailoverTable], reader: PostgresCluster, joins: LatencySummary
    ) async throws -> FailoverReport {
        let killedAt = ContinuousClock.now
        for table in tables { table.markKilled(at: killedAt) }
        kill(node.pid, SIGKILL)
        progress("Killed node 1; reading the journals…")
        let journals = try await readJournals(tables.map(\.code), reader: reader, deadNode: node.port)
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        while clock.now < deadline {
            let resumed = tables.count { $0.resumedAfter != nil }
            let back = tables.reduce(0) { $0 + $1.botsBack }
            progress(
                "Killed node 1: \(resumed) of \(tables.count) tables playing again, \(back) of \(tables.count * 2) players back…"
            )
            if resumed == tables.count, back == tables.count * 2 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let failovers = LatencyRecorder()
        var rows: [FailoverReport.Table] = []
        for table in tables {
            let seen = table.seenBeforeKill
            let (journaled, beforeTakeover) = journals[table.code]!
            if let after = table.resumedAfter { failovers.record(after) }
            rows.append(
                FailoverReport.Table(
                    code: table.code, round: seen.round, cardsSeen: seen.turned, journalRound: journaled.round,
                    cardsJournaled: journaled.turned, lost: seen.missing(from: journaled),
                    journalReadBeforeTakeover: beforeTakeover,
                    failoverMs: table.resumedAfter.map { $0.inSeconds * 1_000 },
                    botsBack: table.botsBack, cards: table.cardsAfter))
        }
        return FailoverReport(
            nodes: settings.nodes, tableCount: tables.count, leaseSeconds: settings.lease, seed: settings.seed,
            joins: joins, failover: failovers.summary(), tablesResumed: rows.count { $0.failoverMs != nil },
            clients: tables.count * 2, clientsBack: rows.reduce(0) { $0 + $1.botsBack },
            tablesWith52Cards: rows.count { $0.cards == Deck.size },
            cardsSeenBeforeKill: rows.reduce(0) { $0 + $1.cardsSeen },
            actionsLost: rows.reduce(0) { $0 + $1.lost }, tables: rows)
    }

    /// Every table's journal as it stood at the kill, all read at once, and whether it was read before any node
    /// took the table over (then nothing in it was written after the kill).
    private func readJournals(
        _ codes: [String], reader: PostgresCluster, deadNode port: Int
    ) async throws
        -> [String: (FailoverRoundCount, Bool)]
    {
        let deadURL = "ws://127.0.0.1:\(port)/ws"
        return try await withThrowingTaskGroup(of: (String, FailoverRoundCount, Bool).self) { group in
            for code in codes {
                group.addTask {
                    let entries: [JournalEntry]
                    let location: TableLocation?
                    do throws(StoreError) {
                        entries = try await reader.journal(code: code)
                        location = try await reader.locate(code: code)
                    } catch {
                        throw Failure.database("reading the journal of table \(code): \(error.description)")
                    }
                    let untaken = location == .orphaned || location == .node(url: deadURL)
                    return (code, try FailoverJournal.turnedCards(code: code, in: entries), untaken)
                }
            }
            var journals: [String: (FailoverRoundCount, Bool)] = [:]
            for try await (code, count, untaken) in group { journals[code] = (count, untaken) }
            return journals
        }
    }
}
