import Logging
import NIOCore
import NIOPosix

/// Everything the parts of a server share, handed down once: its settings, its clock, its log, its metrics, and
/// where finished rounds and other nodes' tables are. One object for the whole server: every table and connection
/// holds a reference to it, not a copy of the settings.
final class ServerEnvironment: Sendable {
    /// The settings.
    let configuration: SnapServerConfiguration
    /// The one clock every part reads.
    let clock: any ServerClock
    /// The log.
    let logger: Logger
    /// The metrics exported at `/metrics`.
    let metrics: ServerMetrics
    /// Where finished rounds go to be stored; nil when the server keeps none.
    let archive: RoundArchive?
    /// Where the other nodes' tables are; nil for a server on its own.
    let directory: (any TableDirectory)?
    /// This node's part in a cluster of nodes; nil for a server on its own.
    let cluster: ClusterLink?
    /// The event loops the server's sockets run on; each table runs on one of them too.
    let loops: any EventLoopGroup

    init(
        configuration: SnapServerConfiguration, clock: any ServerClock, logger: Logger, metrics: ServerMetrics,
        archive: RoundArchive? = nil, directory: (any TableDirectory)? = nil, cluster: ClusterLink? = nil,
        loops: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
        self.archive = archive
        self.directory = directory
        self.cluster = cluster
        self.loops = loops
    }
}
