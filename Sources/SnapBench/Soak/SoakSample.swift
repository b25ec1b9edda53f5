/// The server as the soak saw it at one moment.
public struct SoakSample: Encodable, Sendable, Equatable {
    /// Seconds since the soak started.
    public var seconds: Double
    /// Resident memory.
    public var rssBytes: Int
    /// Open file descriptors (`/proc/PID/fd`).
    public var descriptors: Int
    /// Open tables (`snap_tables` at `/metrics`).
    public var tables: Int
    /// WebSocket connections (`snap_connections`).
    public var connections: Int

    /// A sample of these figures.
    public init(seconds: Double, rssBytes: Int, descriptors: Int, tables: Int, connections: Int) {
        self.seconds = seconds
        self.rssBytes = rssBytes
        self.descriptors = descriptors
        self.tables = tables
        self.connections = connections
    }

    /// Descriptors beyond one per connection: the listening socket, the event loops' own, files — what a leak of
    /// sockets or files would make grow.
    public var descriptorsBesideConnections: Int { descriptors - connections }

    enum CodingKeys: String, CodingKey {
        case seconds, descriptors, tables, connections
        case rssBytes = "rss_bytes"
    }
}
