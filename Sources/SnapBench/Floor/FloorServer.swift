import Hummingbird
import Logging
import NIOCore
import SnapCore
import SnapProtocol
import SnapServer
import Synchronization

/// The transport floor: a bare WebSocket server on the same socket level as the Snap! server (the very same
/// handlers, guards and lean WebSocket path, from the same configuration values), with no game in it.
///
/// Clients sit in groups of up to four. A turn or a call from one is fanned out at once to every seat of its
/// group; a turn is followed after the next-player delay by an activation for the next seat, and the first call on
/// a card, once its verdict has shown, by the cards moving and then play resuming — the same frames, sizes and
/// timers a Snap! table sends. Every connection is pinged at Snap!'s interval, the same way.
public struct FloorServer: Sendable {
    /// Where to listen, how fast the next-player delay runs, and how often to ping.
    public struct Settings: Sendable {
        /// The address to listen on.
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one.
        public var port = 0
        /// The delays (next player, the verdict shown, the cards moved) are Snap!'s divided by this.
        public var speed = 1.0
        /// How often each connection is pinged (Snap!'s default).
        public var pingInterval: Duration = .seconds(5)

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
        let groups = FloorGroups()
        let speed = settings.speed
        let pingInterval = settings.pingInterval
        // Every bot comes from 127.0.0.1, so the caps per address are lifted, as the load benchmark does for Snap!.
        var configuration = SnapServerConfiguration()
        configuration.maximumSocketsPerAddress = .max
        configuration.connectionRate = .init(perSecond: 1_000_000, burst: 1_000_000)
        let app = Application(
            router: Router(),
            server: SnapGameServer.socketLevel(configuration: configuration) { channel in
                FloorSession(sender: WebSocketSender(channel: channel), groups: groups, speed: speed)
            },
            configuration: SnapGameServer.httpConfiguration(host: settings.host, port: settings.port, serverName: "snap-floor"),
            onServerRunning: { [port = settings.port] channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        // Like the Snap! server, one loop pings every connection, a hundredth of them at a time.
        let pinger = Task { await groups.keepPinging(every: pingInterval) }
        defer { pinger.cancel() }
        try await app.runService(gracefulShutdownSignals: [.sigint, .sigterm])
    }
}
