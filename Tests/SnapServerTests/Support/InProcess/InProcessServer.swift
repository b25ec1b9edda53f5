import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle
import SnapCore
import SnapProtocol
@testable import SnapServer
import SnapStore
import SnapTestSupport
import Synchronization
import SnapServerTestSupport

/// A whole server in process, for the tests of how it behaves: the lobby, the tables, the connections' sessions
/// and requests and the archive of rounds — the server's own ``ServerCore`` — on a ``ManualServerClock`` and one
/// event loop of NIO's own (`NIOAsyncTestingEventLoop`), its connections channels of NIO's own with the server's
/// own WebSocket handlers on them (``InProcessSocket``). No socket, no HTTP, no other thread to wait for.
///
/// Nothing moves by itself but the server's answers: time moves when a test moves the clock. A test waits for a
/// packet, never for a time; waiting runs the server's loop and lets every ``InProcessClient`` react, until what
/// the test waits for has come (``wait(_:advancing:until:)``). The model is hummingbird's `.router` test framework
/// and boardgame.io's local master. What only a real socket can show stays on ``TestServer``.
final class InProcessServer: Sendable {
    /// The server's one clock.
    let clock: ManualServerClock
    /// The event loop every connection and table runs on.
    let loop: NIOAsyncTestingEventLoop
    /// The server itself.
    let core: ServerCore
    let configuration: SnapServerConfiguration
    /// What has reached the connections so far: what a wait waits on.
    let arrivals = Arrivals()
    private let clients = Mutex<[InProcessClient]>([])
    private let sockets = Mutex<[InProcessSocket]>([])
    private let services: ServiceGroup?
    private let running: Task<Void, any Error>?
    private let pinger: Task<Void, Never>?

    /// Every loop made, kept for the life of the test process: a testing loop freed with a task or a promise
    /// pending stops the process (a precondition of NIO's), which a failing test that never stops its server
    /// would otherwise do to the whole run.
    private static let everyLoop = Mutex<[NIOAsyncTestingEventLoop]>([])

    /// Starts a server at normal speed (unless told otherwise) whose clock only moves when the test says, with
    /// classic rounds and no turn timer, a grace period longer than any test, and no pings unless `pinging` (the
    /// warm-up pings after a sign-in are sent all the same, and ``InProcessClient``s answer them).
    ///
    /// - Parameters:
    ///   - store: where finished rounds are kept; nil keeps none.
    ///   - pinging: runs the ping loop, every `pingInterval` of the clock.
    static func start(
        speed: Double = 1, grace: Duration = .seconds(600), seed: UInt64 = 1, store: (any GameStore)? = nil,
        pinging: Bool = false, configure: (inout SnapServerConfiguration) -> Void = { _ in }
    ) -> InProcessServer {
        var configuration = SnapServerConfiguration()
        configuration.speed = speed
        configuration.reconnectGrace = grace
        configuration.pingInterval = .seconds(3_600)
        configuration.silenceLimit = .seconds(3_600)
        configuration.seed = seed
        configuration.tableSettings = TableSettings()
        // The frame rate is the transport's, counted in NIO's time: an in-process client sends as fast as the
        // machine goes, far faster than anyone on a network. It is tested on real sockets (ServerDefenceTests).
        configuration.requestLimits.messages = .init(perSecond: 1_000_000, burst: 1_000_000)
        // The tests' players call the moment a match shows, on a clock that does not move by itself: false starts
        // are tested on their own (ServerFalseStartTests).
        configuration.falseStartFloor = .zero
        configure(&configuration)
        return InProcessServer(configuration: configuration, store: store, pinging: pinging)
    }

    private init(configuration: SnapServerConfiguration, store: (any GameStore)?, pinging: Bool) {
        var logger = Logger(label: "snap.test")
        logger.logLevel = .warning
        let loop = NIOAsyncTestingEventLoop()
        Self.everyLoop.withLock { $0.append(loop) }
        clock = ManualServerClock()
        self.loop = loop
        self.configuration = configuration
        core = ServerCore(configuration: configuration, clock: clock, logger: logger, store: store, loops: loop)
        if let archive = core.archive {
            let group = ServiceGroup(configuration: .init(services: [archive], logger: logger))
            services = group
            running = Task { try await group.run() }
        } else {
            services = nil
            running = nil
        }
        pinger = pinging ? Task { [roster = core.roster] in await roster.keepPinging() } : nil
        // A task the clock woke (the ping loop) that sleeps again is news to whoever waits: it has done its work.
        clock.onWait { [arrivals] in arrivals.note() }
    }

    // MARK: - Connections

    /// Opens a connection from `address` without waiting for anything.
    func socket(address: String = "127.0.0.1") async throws -> InProcessSocket {
        let channel = NIOAsyncTestingChannel(loop: loop)
        let socket = InProcessSocket(channel: channel, server: self)
        sockets.withLock { $0.append(socket) }
        try await channel.register()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 50_000))
        channel.closeFuture.whenComplete { _ in socket.closed() }
        let (connection, configuration) = (core.connection, configuration)
        try await loop.submit {
            // What the server does once a socket is upgraded (SnapServerChannel), with the test at the head of the
            // pipeline where the socket would be.
            let session = connection.open(channel, peer: PeerSocket(address: address))
            try WebSocketPipeline.install(
                on: channel, session: session, maximumMessageSize: Wire.maximumPacketSize,
                frameRate: configuration.requestLimits.messages)
            try channel.pipeline.syncOperations.addHandler(ServerWireTap(socket: socket), position: .first)
        }.get()
        await loop.run()
        return socket
    }

    /// Opens a connection from `address` and waits to be asked to sign in.
    func connect(address: String = "127.0.0.1") async throws -> InProcessSocket {
        let socket = try await socket(address: address)
        try await socket.waitFor("the sign-in request") { $0 == .signInRequest }
        return socket
    }

    /// A person who signs in as `name`, speaking `version`, and keeps a mirror of the table; with `autoPlay`, one
    /// who plays by themselves (seeded by it).
    func player(
        _ name: String, version: UInt8 = Wire.version, autoPlay seed: UInt64? = nil, address: String = "127.0.0.1"
    ) async throws -> InProcessClient {
        let client = InProcessClient(name: name, version: version, autoPlay: seed, address: address, server: self)
        clients.withLock { $0.append(client) }
        try await client.start()
        return client
    }

    /// A person who signs in and sits down at table `code`.
    func player(_ name: String, joining code: String, autoPlay seed: UInt64? = nil) async throws -> InProcessClient {
        let client = try await player(name, autoPlay: seed)
        await client.joinTable(code: code)
        try await client.joined()
        return client
    }

    /// A person who signs in and watches table `code`.
    func watcher(_ name: String, watching code: String) async throws -> InProcessClient {
        let client = try await player(name)
        try await client.watch(code: code)
        try await client.waitFor("the snapshot") { if case .snapshot = $0 { true } else { false } }
        return client
    }

    // MARK: - Running

    /// Runs the server until `condition` holds: its loop until it has nothing left to do, every client's
    /// reactions to what it was sent, then — when nothing holds yet — waits for the server's next word (work for
    /// the lobby is done off the loop), asking again every 50 ms meanwhile (the archive's work is off the loop too,
    /// and says nothing to the clients). With `advancing`, a server with nothing left to do has its clock moved to
    /// the next deadline it waits for, as people wait for the table. Fails when the server has sent nothing for
    /// ``Patience/deadline`` of the machine's time, or after ten times that in all: only a failing test gets there,
    /// however slowly a busy machine plays a whole game.
    func wait(
        _ what: String, advancing: Bool = false, isolation: isolated (any Actor)? = #isolation,
        until condition: () async throws -> Bool
    ) async throws {
        let limit = ContinuousClock.now + Patience.deadline * 10
        var deadline = ContinuousClock.now + Patience.deadline
        while true {
            guard ContinuousClock.now < min(deadline, limit) else { throw TimedOut(what: what) }
            let seen = arrivals.count
            await settle()
            if try await condition() { return }
            if arrivals.count > seen {
                deadline = ContinuousClock.now + Patience.deadline
                continue
            }
            if advancing, let next = clock.nextDeadline {
                clock.advance(to: next)
                continue
            }
            // Nothing new from the server: wait for its next word, asking again every 50 ms meanwhile, for what comes
            // true off the loop with no word to the clients (the archive stores a finished round in a task of its
            // own; a loaded CI run checked before it had, and then heard nothing more).
            while await !arrivals.wait(after: seen, until: min(deadline, limit, ContinuousClock.now + .milliseconds(50))) {
                if try await condition() { return }
                guard ContinuousClock.now < min(deadline, limit) else { throw TimedOut(what: what) }
            }
        }
    }

    /// Runs the loop and every client's reactions until neither has anything left to do.
    func settle() async {
        while true {
            await loop.run()
            var reacted = false
            for client in clients.withLock({ $0 }) where await client.react() { reacted = true }
            if !reacted { return }
        }
    }

    /// Moves the clock by `duration` — in steps of `step` when given, as time passes for a server that pings —
    /// and after each step runs the server until it has done what was due: the loop's timers, every client's
    /// reactions, and the ping loop's round, until it sleeps again.
    func advance(by duration: Duration, step: Duration? = nil) async throws {
        let end = clock.now + duration
        repeat {
            let asleep = clock.sleeperCount
            clock.advance(to: min(end, clock.now + (step ?? duration)))
            try await wait("the server to do what was due at \(clock.now)") { clock.sleeperCount >= asleep }
        } while clock.now < end
    }

    // MARK: - The server's state

    /// The table with this code.
    func table(_ code: String) async -> TableSession? {
        await core.lobby.table(code: code)
    }

    /// The server's metrics, as `/metrics` shows them.
    var metrics: String { core.environment.metrics.exposition() }

    /// Stops as the server does: every table closes and every client is told why and closed; then the archive
    /// writes what is queued, and the loop stops.
    func stop() async {
        pinger?.cancel()
        await core.sayGoodbye(reason: SnapGameServer.shutdownReason)
        await settle()
        for socket in sockets.withLock({ $0 }) where !socket.isClosed { await socket.drop() }
        await settle()
        await services?.triggerGracefulShutdown()
        _ = try? await running?.value
        await loop.shutdownGracefully()
    }
}
