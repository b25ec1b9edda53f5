import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals
import SnapLAN
import SnapProtocol
import SnapStore

/// The Snap! game server: the web client's files, a few HTTP endpoints, and the game on a WebSocket at `/ws`.
///
/// ```swift
/// let server = SnapGameServer(configuration: configuration, logger: logger) { port in print(port) }
/// try await server.run()
/// ```
public struct SnapGameServer: Sendable {
    /// What the server says to every client when it stops.
    public static let shutdownReason = "The server shut down."

    private let group: ServiceGroup
    let lobby: Lobby
    let roster: ConnectionRoster

    /// A server; `onRunning` is told the port once it listens, and `onAnnounced` the announcement once the server
    /// is announced on the local network (only when ``SnapServerConfiguration/announcedName`` is set, and DNS-SD
    /// works here).
    ///
    /// - Parameters:
    ///   - clock: the one clock every part of the server reads; tests pass one they move themselves.
    ///   - signals: the signals that shut it down gracefully (SIGINT and SIGTERM for the command).
    ///   - store: where finished rounds are kept for the history, replays and stats; nil keeps none.
    ///   - directory: where the other nodes of a cluster hold their tables: a client asking for one of those is
    ///     sent there (a Redirect). Nil for a server on its own, which refuses such requests as unknown; in a
    ///     `cluster`, nil means the cluster's own (``ClusterTableDirectory``).
    ///   - cluster: the cluster this server is a node of, already registered (``ClusterDatabase/register(url:)``,
    ///     so that a URL another node holds is an error before the server starts). The server renews the lease,
    ///     claims its tables' codes there, lists every node's tables, and leaves the cluster when it stops. Nil
    ///     (or not registered) for a server on its own.
    public init(
        configuration: SnapServerConfiguration,
        clock: any ServerClock = SystemServerClock(),
        store: (any GameStore)? = nil,
        directory: (any TableDirectory)? = nil,
        cluster: (any ClusterDatabase)? = nil,
        logger: Logger,
        signals: [UnixSignal] = [],
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onAnnounced: @escaping @Sendable (LANAnnouncement) async -> Void = { _ in }
    ) {
        let link = Self.link(to: cluster, logger: logger)
        let core = ServerCore(
            configuration: configuration, clock: clock, logger: logger, store: store, directory: directory, cluster: link)
        let (lobby, archive) = (core.lobby, core.archive)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let app = Self.buildApplication(core: core, store: store, cluster: link?.cluster) { port in
            portContinuation.yield(port)
            await onRunning(port)
        }
        // Services stop in reverse order: the announcement is withdrawn first, then the lobby says goodbye to every
        // client before the HTTP server stops.
        // The archive is first so that it stops last, writing the rounds still queued; then the cluster's part, so
        // that the node leaves the cluster once its tables are closed.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = (archive.map { [.init(service: $0)] } ?? [])
            + (link.map { [.init(service: ClusterService(link: $0, lobby: lobby, clock: clock, logger: logger))] } ?? [])
            + [.init(service: app), .init(service: LobbyService(core: core))]
        if let name = configuration.announcedName {
            let loopback = ["127.0.0.1", "::1", "localhost"].contains(configuration.host) || configuration.host.hasPrefix("127.")
            let announcement = LANAnnouncementService(
                name: name, thisMachineOnly: loopback, lobby: lobby, clock: clock, ports: ports, logger: logger, onAnnounced: onAnnounced)
            // Without LAN discovery the server carries on: the announcement ending early stops nothing.
            services.append(.init(service: announcement, successTerminationBehavior: .ignore))
        }
        group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: signals, logger: logger))
        self.lobby = lobby
        self.roster = core.roster
    }

    /// Runs until shut down.
    public func run() async throws {
        try await group.run()
    }

    /// Shuts down gracefully: every client is told why before its connection closes.
    public func shutDown() async {
        await group.triggerGracefulShutdown()
    }

    /// This node's link to `cluster`, when it is registered there.
    private static func link(to cluster: (any ClusterDatabase)?, logger: Logger) -> ClusterLink? {
        guard let cluster else { return nil }
        guard let node = cluster.node else {
            logger.error("the cluster was given unregistered: this server runs on its own")
            return nil
        }
        return ClusterLink(cluster: cluster, url: node.url, logger: logger)
    }

    static func buildApplication(
        core: ServerCore,
        store: (any GameStore)?,
        cluster: (any ClusterDatabase)? = nil,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let (environment, lobby, connection) = (core.environment, core.lobby, core.connection)
        let (configuration, metrics, logger) = (environment.configuration, environment.metrics, environment.logger)
        let router = Router()
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: PathGuardMiddleware())
        router.add(middleware: CompressedFileMiddleware(folder: Self.publicFolder, files: .shared))
        router.add(
            middleware: FileMiddleware(
                Self.publicFolder, cacheControl: StaticFileCaching.policy, searchForIndexHtml: true, logger: logger))
        router.add(middleware: CatalogueFiles(logger: logger))
        router.get("/healthz") { _, _ in "ok\n" }
        router.get("/api/tables") { _, _ in
            let body = try JSONEncoder.sorted.encode(await lobby.openTables().map(TableListing.init))
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        ClusterEndpoints(cluster: cluster).add(to: router)
        let links = LANEndpoints.Links()
        LANEndpoints(links: links, lobby: lobby).add(to: router)
        HistoryEndpoints(store: store).add(to: router)
        HistoryPages(folder: Self.publicFolder).add(to: router)
        BigScreenPage(folder: Self.publicFolder, lobby: lobby).add(to: router)
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }

        let registry = Self.connectionRegistry(configuration)
        let refusals = RefusalLog(environment: environment, registry: registry)
        let server = Self.socketLevel(
            configuration, registry: registry, onRefused: { refusals.note($0) },
            openSession: { channel, peer in connection.open(channel, peer: peer) })

        return Application(
            router: router,
            server: server,
            configuration: Self.httpConfiguration(host: configuration.host, port: configuration.port, serverName: "snap"),
            onServerRunning: { channel in
                try? await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(
                        DescriptorShortageHandler(registry: registry, onPaused: { refusals.note($0) }), position: .first)
                }.get()
                let port = channel.localAddress?.port ?? configuration.port
                links.set(ServerLinks(host: configuration.host, port: port))
                await onRunning(port)
            },
            // The tables run on the same loops as the sockets (see TableSession).
            eventLoopGroupProvider: .shared(environment.loops),
            logger: logger)
    }

    /// The socket level of a server: HTTP for the router, and the lean WebSocket path at `/ws`, with every guard.
    static func socketLevel(
        _ configuration: SnapServerConfiguration, registry: ConnectionRegistry,
        onRefused: @escaping @Sendable (ConnectionRegistry.Refusal) -> Void,
        openSession: @escaping SnapServerChannel.SessionOpener
    ) -> HTTPServerBuilder {
        let settings = SnapServerChannel.Settings(
            requestTimeout: .nanoseconds(configuration.requestTimeout.nanoseconds),
            maximumMessageSize: Wire.maximumPacketSize, frameRate: configuration.requestLimits.messages,
            socketSendBuffer: configuration.socketSendBuffer)
        return HTTPServerBuilder { responder in
            let channel = SnapServerChannel(
                responder: responder, settings: settings, registry: registry, onRefused: onRefused,
                openSession: openSession)
            channel.warmUp()
            return channel
        }
    }

    /// The socket level of every Snap! server — the same handlers, guards and WebSocket path, with the limits of
    /// `configuration` — serving sessions of another kind at `/ws` (the benchmarks' transport floor uses it, to
    /// compare like with like).
    public static func socketLevel(
        configuration: SnapServerConfiguration, openSession: @escaping @Sendable (any Channel) -> any WebSocketSession
    ) -> HTTPServerBuilder {
        socketLevel(
            configuration, registry: connectionRegistry(configuration), onRefused: { _ in },
            openSession: { channel, _ in openSession(channel) })
    }

    private static func connectionRegistry(_ configuration: SnapServerConfiguration) -> ConnectionRegistry {
        ConnectionRegistry(
            budget: .live(fixed: configuration.maximumSockets, reserve: configuration.descriptorReserve),
            perAddress: configuration.maximumSocketsPerAddress, arrivalRate: configuration.connectionRate,
            trustedProxies: configuration.trustedProxies)
    }

    /// The HTTP settings of every Snap! server (the benchmarks' transport floor uses them too, to compare like
    /// with like).
    ///
    /// A large accept backlog lets thousands of players arrive at once without their connections being refused.
    public static func httpConfiguration(host: String, port: Int, serverName: String) -> ApplicationConfiguration {
        .init(address: .hostname(host, port: port), serverName: serverName, backlog: 4_096)
    }

    /// Where the web client's files are.
    static var publicFolder: String {
        Bundle.module.url(forResource: "Public", withExtension: nil)?.path ?? "Public"
    }
}

/// One open table as `GET /api/tables` lists it.
struct TableListing: Encodable {
    var code: String
    var host: String
    var players: Int
    var seatsFree: Int
    var roundUnderWay: Bool

    init(_ summary: TableSummary) {
        code = summary.code
        host = summary.hostName
        players = Int(summary.players)
        seatsFree = Int(summary.seatsFree)
        roundUnderWay = summary.roundUnderWay
    }

    enum CodingKeys: String, CodingKey {
        case code, host, players
        case seatsFree = "seats_free"
        case roundUnderWay = "round_under_way"
    }
}
