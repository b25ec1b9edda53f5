import Logging

/// Everything the parts of a server share, handed down once: its settings, its clock, its log, its metrics, and
/// where finished rounds and other nodes' tables are.
struct ServerEnvironment: Sendable {
    /// The settings.
    let configuration: SnapServerConfiguration
    /// The one clock every part reads.
    let clock: any ServerClock
    /// The log.
    let logger: Logger
    /// The metrics exported at `/metrics`.
    let metrics: ServerMetrics
    /// Where finished rounds go to be stored; nil when the server keeps none.
    var archive: RoundArchive? = nil
    /// Where the other nodes' tables are; nil for a server on its own.
    var directory: (any TableDirectory)? = nil
    /// This node's part in a cluster of nodes; nil for a server on its own.
    var cluster: ClusterLink? = nil
}
