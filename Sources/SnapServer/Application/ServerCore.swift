import Logging
import NIOCore
import NIOPosix
import SnapStore

/// The game half of a server, without sockets: its environment, the ``Lobby``, the ``ConnectionRoster`` and the
/// ``PlayerConnection`` every WebSocket session shares, and the archive of finished rounds.
///
/// The one way a server is put together: ``SnapGameServer`` puts its sockets and HTTP in front of it, and the
/// in-process test harness channels of its own, on a test clock.
struct ServerCore: Sendable {
    let environment: ServerEnvironment
    let lobby: Lobby
    let roster: ConnectionRoster
    let connection: PlayerConnection
    /// Where finished rounds wait for the store; nil when the server keeps none.
    let archive: RoundArchive?

    /// The parts of a server with these settings, clock and log.
    ///
    /// - Parameters:
    ///   - store: where finished rounds are kept; nil keeps none.
    ///   - directory: where other nodes hold their tables; nil in a `cluster` means the cluster's own.
    ///   - cluster: this node's link to its cluster; nil for a server on its own.
    ///   - loops: the event loops the sockets and tables run on.
    init(
        configuration: SnapServerConfiguration, clock: any ServerClock, logger: Logger, store: (any GameStore)? = nil,
        directory: (any TableDirectory)? = nil, cluster link: ClusterLink? = nil,
        loops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        let metrics = ServerMetrics()
        archive = store.map { RoundArchive(store: $0, logger: logger, metrics: metrics) }
        environment = ServerEnvironment(
            configuration: configuration, clock: clock, logger: logger, metrics: metrics, archive: archive,
            directory: directory
                ?? link.map { ClusterTableDirectory(cluster: $0.cluster, ownURL: $0.url, logger: logger) },
            cluster: link, loops: loops)
        lobby = Lobby(environment: environment)
        roster = ConnectionRoster(environment: environment)
        connection = PlayerConnection(lobby: lobby, roster: roster, environment: environment)
    }

    /// Takes no more connections, closes every table, and tells every client why before closing its connection.
    func sayGoodbye(reason: String) async {
        await roster.closeDoors()
        await lobby.shutDown(reason: reason)
        await roster.sayGoodbye(reason: reason)
    }
}
