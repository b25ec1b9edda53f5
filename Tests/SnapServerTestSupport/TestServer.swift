import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
@_spi(Instrumentation) import SnapClient
import SnapCore
import SnapProtocol
import SnapServer
import SnapPostgres
import SnapStore
import SnapTestSupport

/// A real server on a free loopback port, for the tests of what only a socket shows (the game's behaviour is
/// tested on ``InProcessServer``).
package struct TestServer: Sendable {
    package let server: SnapGameServer
    package let port: Int
    package let configuration: SnapServerConfiguration
    private let task: Task<Void, any Error>

    /// The WebSocket address.
    package var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// Starts a server; fast games, a short grace period, and classic rounds with no turn timer (so that a test
    /// plays each turn itself) unless told otherwise.
    package static func start(
        speed: Double = 100, grace: Duration = .seconds(1), seed: UInt64 = 1,
        clock: any ServerClock = SystemServerClock(), store: (any GameStore)? = nil,
        directory: (any TableDirectory)? = nil, cluster: PostgresCluster? = nil,
        configure: (inout SnapServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        var configuration = SnapServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.speed = speed
        configuration.reconnectGrace = grace
        configuration.pingInterval = .milliseconds(200)
        configuration.seed = seed
        configuration.tableSettings = TableSettings()
        // Kept-alive HTTP connections of a test close soon, so that stopping the server does not wait long for them;
        // not so soon that a test's own WebSocket upgrade, sent from a busy machine, is cut off (1 s once was).
        configuration.requestTimeout = .seconds(5)
        // The tests' players (AutoPlayer) call the moment a match shows: false starts are tested on their own
        // (ServerFalseStartTests), as is the rule itself (FalseStartTests).
        configuration.falseStartFloor = .zero
        configure(&configuration)
        var logger = Logger(label: "snap.test")
        logger.logLevel = .warning
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let server = SnapGameServer(
            configuration: configuration, clock: clock, store: store, directory: directory, cluster: cluster,
            logger: logger
        ) { port in
            continuation.yield(port)
        }
        let task = Task { try await server.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return TestServer(server: server, port: port, configuration: configuration, task: task)
    }

    /// Shuts the server down gracefully and waits for it.
    package func stop() async {
        await server.shutDown()
        _ = try? await task.value
    }

    /// An HTTP GET on this server, on a connection of its own: a kept-alive one may have been closed by the
    /// server's request deadline, or belong to an earlier server on the same port.
    package func get(_ path: String) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }
}

/// Waits for `condition` on a client's updates, up to a time limit.
@discardableResult
package func waitFor(
    _ description: String, on updates: UpdateLog, timeout: Duration = Patience.deadline,
    where condition: @escaping @Sendable (ClientUpdate) -> Bool
) async throws -> ClientUpdate {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if let found = await updates.first(where: condition) { return found }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TimedOut(what: description)
}

/// A test waited too long.
package struct TimedOut: Error, CustomStringConvertible {
    package var what: String
    package init(what: String) { self.what = what }
    package var description: String { "timed out waiting for \(what)" }
}

/// Every update a client received, kept for the test to look through.
package actor UpdateLog {
    package private(set) var updates: [ClientUpdate] = []

    package init() {}

    package func append(_ update: ClientUpdate) { updates.append(update) }

    /// The first update that satisfies `condition`.
    package func first(where condition: (ClientUpdate) -> Bool) -> ClientUpdate? {
        updates.first(where: condition)
    }

    /// How many updates so far satisfy `condition`.
    package func count(where condition: (ClientUpdate) -> Bool) -> Int { updates.count(where: condition) }

    /// Whether any update so far satisfies `condition`.
    package func contains(where condition: (ClientUpdate) -> Bool) -> Bool { updates.contains(where: condition) }
}

/// A connected test player: the client and a log of everything it was told.
package struct TestPlayer: Sendable {
    package let client: SnapClient
    package let log: UpdateLog
    package let listener: Task<Void, Never>

    /// Connects and signs in. With `autoPlay`, the player also plays like a person: turns when it is their
    /// turn, calls Snap! on every match, and now and then calls wrongly (seeded by `autoPlay`).
    package static func connect(
        _ server: TestServer, name: String, recordBytes: Bool = false, autoPlay seed: UInt64? = nil
    ) async throws -> TestPlayer {
        try await connect(to: server.url, name: name, recordBytes: recordBytes, autoPlay: seed)
    }

    /// Connects to `url` (given `fallbacks` for after a drop) and signs in, as ``connect(_:name:recordBytes:autoPlay:)``.
    package static func connect(
        to url: String, fallbacks: [String] = [], name: String, recordBytes: Bool = false, autoPlay seed: UInt64? = nil
    ) async throws -> TestPlayer {
        let client = try await SnapClient.connect(
            to: url, name: name, configuration: .init(fallbacks: fallbacks),
            instruments: ClientInstruments(recordBytes: recordBytes))
        return following(client, autoPlay: seed)
    }

    /// A player on a client connected by other means: everything it is told from now on is logged (and, with
    /// `autoPlay`, played as ``connect(_:name:recordBytes:autoPlay:)`` says).
    package static func following(_ client: SnapClient, autoPlay seed: UInt64? = nil) -> TestPlayer {
        let log = UpdateLog()
        let listener = Task {
            var player = seed.map { AutoPlayer(seed: $0) }
            for await update in client.updates {
                await log.append(update)
                for move in player?.moves(after: update) ?? [] {
                    switch move {
                    case .callSnap: await client.callSnap()
                    case .turnCard: await client.turnCard()
                    }
                }
            }
        }
        return TestPlayer(client: client, log: log, listener: listener)
    }

    /// Connects and sits down at the table with `code`, waiting until seated.
    package static func join(
        _ server: TestServer, code: String, name: String, recordBytes: Bool = false, autoPlay seed: UInt64? = nil
    ) async throws -> TestPlayer {
        let player = try await connect(server, name: name, recordBytes: recordBytes, autoPlay: seed)
        await player.client.joinTable(code: code)
        try await player.joined()
        return player
    }

    /// Waits for a refusal with this code.
    package func expectRefusal(_ code: UInt16) async throws -> String {
        let update = try await waitFor("refusal \(code)", on: log) {
            if case .refused(code, _) = $0 { true } else { false }
        }
        guard case .refused(_, let message) = update else { return "" }
        return message
    }

    /// The reconnect token of the last Welcome the client received (it must record its bytes).
    package func lastToken() async throws -> String {
        let tokens = try await client.receivedBytes.compactMap {
            if case .welcome(_, _, let token) = try Frame.decodeMessage($0).first?.packet { token } else { nil }
        }
        guard let token = tokens.last else { throw TimedOut(what: "a Welcome with a token") }
        return token
    }

    /// Waits until seated; returns the table code and seat.
    @discardableResult
    package func joined() async throws -> (code: String, seat: Seat) {
        let update = try await waitFor("a seat", on: log) { if case .joined = $0 { true } else { false } }
        guard case .joined(let code, let seat) = update else { throw TimedOut(what: "a seat") }
        _ = try await waitFor("the snapshot", on: log) { if case .snapshot = $0 { true } else { false } }
        return (code, seat)
    }
}

extension ClientUpdate {
    /// The table events in this update, if any.
    package var events: [TableEvent] {
        if case .table(_, let events) = self { events } else { [] }
    }

    /// The table as this update left it, if it carries one.
    package var view: PlayerView? {
        switch self {
        case .table(let view, _), .snapshot(let view): view
        default: nil
        }
    }

    /// Whether this update carries an event matching `condition`.
    package func has(_ condition: (TableEvent) -> Bool) -> Bool { events.contains(where: condition) }
}
