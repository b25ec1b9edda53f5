import Hummingbird
import Logging
import NIOCore
import SnapCore
import SnapProtocol
import SnapServer
import Synchronization

/// The transport floor: the least a server can do to play Snap! with a load run's bots — on the same socket level
/// as the Snap! server (the very same handlers, guards and lean WebSocket path, from the same configuration
/// values), with the same rules engine, and sending the very same packets in the very same WebSocket messages for
/// every action (``FloorTable``).
///
/// What it leaves out is what a Snap! server does besides: sessions that survive a dropped connection, the lobby,
/// fair judging across networks (it judges each call as it arrives), request limits, network measures, the card
/// audit, recording, the cluster's journal and metrics. Its players sign in, open or join a table by code and
/// play; every connection is pinged at Snap!'s interval, the same way.
public struct FloorServer: Sendable {
    /// Where to listen, how fast the game runs, and how often to ping.
    public struct Settings: Sendable {
        /// The address to listen on.
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one.
        public var port = 0
        /// Every delay of the game is divided by this, as the Snap! server's `--speed` does.
        public var speed = 1.0
        /// How often each connection is pinged (Snap!'s default).
        public var pingInterval: Duration = .seconds(5)
        /// The tables' codes and deals are drawn from this seed as a Snap! server's are from its `--seed`; nil: from
        /// the system's random numbers.
        public var seed: UInt64?

        /// Loopback, a free port, normal speed.
        public init() {}
    }

    private let settings: Settings
    private let logger: Logger

    /// A floor server with these settings.
    public init(settings: Settings, logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// Runs until the task is cancelled or a SIGINT or SIGTERM arrives; `onRunning` is told the port.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let tables = FloorTables(settings: FloorTable.Settings(speed: settings.speed), seed: settings.seed)
        let pingInterval = settings.pingInterval
        // Every bot comes from 127.0.0.1, so the caps per address are lifted, as the load benchmark does for Snap!.
        var configuration = SnapServerConfiguration()
        configuration.maximumSocketsPerAddress = .max
        configuration.connectionRate = .init(perSecond: 1_000_000, burst: 1_000_000)
        let app = Application(
            router: Router(),
            server: SnapGameServer.socketLevel(configuration: configuration) { channel in
                FloorSession(sender: WebSocketSender(channel: channel), loop: channel.eventLoop, tables: tables)
            },
            configuration: SnapGameServer.httpConfiguration(host: settings.host, port: settings.port, serverName: "snap-floor"),
            onServerRunning: { [port = settings.port] channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        // Like the Snap! server, one loop pings every connection, a hundredth of them at a time.
        let pinger = Task { await tables.keepPinging(every: pingInterval) }
        defer { pinger.cancel() }
        try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
    }
}
