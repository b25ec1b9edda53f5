import ArgumentParser
import Foundation
import Logging
import SnapClient
import SnapCommandLine
import SnapCore
import SnapProtocol
import SnapServer

/// `snap-bench latency`: four clients at one table on a local server; how long from a Snap! call to the
/// verdict reaching all four, and how many bytes each card turn costs each client.
struct LatencyBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Time from a Snap! call to its verdict at all four clients, and bytes per card turn per client.",
        discussion: """
            Starts a server on a free loopback port in this process, seats four clients at one table over real
            WebSocket connections, and has them call Snap! one after another, each call waiting for the verdict to
            reach all four. Then they play turns only, to count the bytes each turn costs each client.
            With --judging reaction (the default) a verdict waits, as in play, while another player could still
            prove a faster reaction (on loopback about 10 ms: a round trip plus the 10 ms slack); --judging
            arrival times the transport alone.
            """
    )

    @Option(help: "How many calls to time (at least 10).")
    var calls = 1_000

    @Option(help: "How many card turns to count bytes over.")
    var turns = 200

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var judging: JudgingOptions

    func validate() throws {
        guard calls >= 10, calls <= 1_000_000 else { throw ValidationError("--calls must be between 10 and 1000000.") }
        guard turns >= 1, turns <= 100_000 else { throw ValidationError("--turns must be between 1 and 100000.") }
    }

    func run() async throws {
        var configuration = SnapServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.speed = 1_000
        configuration.snapCallsPerSecond = 1_000_000
        configuration.requestLimits = .unlimited
        configuration.judging = judging.rule
        configuration.falseStartFloor = judging.falseStartFloor
        // The bots set the pace: classic rounds with no turn timer, as in every figure in PERFORMANCE.md.
        configuration.tableSettings = TableSettings()
        var logger = Logger(label: "snap.bench")
        logger.logLevel = .error
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = SnapGameServer(configuration: configuration, logger: logger) { portContinuation.yield($0) }
        let serverTask = Task { try await server.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next() else { throw ExitCode.failure }
        let url = "ws://127.0.0.1:\(port)/ws"

        let arrivals = Arrivals()
        var clients = [SnapClient]()
        for index in 0..<4 {
            let client = try await SnapClient.connect(to: url, name: "Bench \(index + 1)", configuration: .init(logger: logger))
            Task {
                for await update in client.updates { await arrivals.note(update, client: index) }
            }
            clients.append(client)
        }
        await clients[0].hostTable()
        let code = try await arrivals.waitForCode()
        for client in clients.dropFirst() { await client.joinTable(code: code) }
        try await arrivals.waitUntil { $0.seated == 4 }
        await clients[0].startRound()
        try await arrivals.waitUntil { $0.dealFinished == 4 }

        progress("Timing \(calls) calls…")
        let clock = ContinuousClock()
        var latencies = [Duration]()
        for call in 0..<calls {
            let sent = clock.now
            await clients[call % 4].callSnap()
            try await arrivals.waitUntil { $0.verdicts.allSatisfy { $0 > call } }
            latencies.append(await arrivals.lastVerdictArrival - sent)
        }

        progress("Counting bytes over \(turns) card turns…")
        try await arrivals.waitUntil { $0.resumed == 4 }
        let turnsBefore = await arrivals.turns
        let bytesBefore = await clients[1].bytesReceived
        while await arrivals.turns - turnsBefore < turns {
            // Whoever is active turns; nobody calls.
            for client in clients {
                if let view = await client.view, view.viewerCanTurn { await client.turnCard() }
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let countedTurns = await arrivals.turns - turnsBefore
        let bytes = await clients[1].bytesReceived - bytesBefore
        await server.shutDown()
        _ = try? await serverTask.value

        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))].milliseconds }
        let result = LatencyResult(
            calls: calls, medianMs: percentile(0.5), p90Ms: percentile(0.9), p99Ms: percentile(0.99),
            maxMs: sorted.last!.milliseconds, turns: countedTurns,
            bytesPerTurnPerClient: Double(bytes) / Double(countedTurns),
            cardTurnedPacketBytes: Frame(number: 0, packet: .cardTurned(seat: .bottom, card: Deck.ordered[0])).encoded().count)
        print(json ? try result.json() : result.table())
    }

    private func progress(_ text: String) {
        if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }
}

/// What the four clients have seen so far.
actor Arrivals {
    struct Counts {
        var seated = 0
        var dealFinished = 0
        var resumed = 0
        var verdicts = [0, 0, 0, 0]
    }

    private var counts = Counts()
    private var code: String?
    private(set) var lastVerdictArrival = ContinuousClock.now
    private(set) var turns = 0

    func note(_ update: ClientUpdate, client: Int) {
        switch update {
        case .joined(let code, _):
            self.code = code
            counts.seated += 1
        case .table(_, let events):
            for event in events {
                switch event {
                case .dealFinished: counts.dealFinished += 1
                case .resumed: counts.resumed += 1
                case .snapCalled:
                    counts.verdicts[client] += 1
                    lastVerdictArrival = .now
                case .cardTurned where client == 1: turns += 1
                default: break
                }
            }
        default:
            break
        }
    }

    func waitForCode() async throws -> String {
        for _ in 0..<10_000 {
            if let code { return code }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw ValidationError("the server did not open a table")
    }

    func waitUntil(_ condition: (Counts) -> Bool) async throws {
        // Arrival times are stamped as packets arrive, so polling here adds nothing to the figures.
        var polls = 0
        while !condition(counts) {
            polls += 1
            if polls > 300_000 { throw ValidationError("the server stopped answering") }
            try await Task.sleep(for: .microseconds(100))
        }
    }
}

/// The figures `snap-bench latency` prints.
struct LatencyResult: Encodable {
    let calls: Int
    let medianMs: Double
    let p90Ms: Double
    let p99Ms: Double
    let maxMs: Double
    let turns: Int
    let bytesPerTurnPerClient: Double
    let cardTurnedPacketBytes: Int

    func json() throws -> String {
        try jsonLine(self)
    }

    func table() -> String {
        """
        calls timed              \(calls) (call → verdict at all four clients)
        median                   \(String(format: "%.3f", medianMs)) ms
        p90                      \(String(format: "%.3f", p90Ms)) ms
        p99                      \(String(format: "%.3f", p99Ms)) ms
        max                      \(String(format: "%.3f", maxMs)) ms
        bytes per turn, client   \(String(format: "%.1f", bytesPerTurnPerClient)) (over \(turns) turns; CardTurned alone is \(cardTurnedPacketBytes))
        """
    }
}

extension Duration {
    /// The duration in milliseconds, with fractions.
    var milliseconds: Double { inSeconds * 1_000 }
}
