/// The figures of `snap-bench flood`: one connection that never signs in, asks for the table list as fast as it can
/// and never reads — what the server's memory did, and how the server ended it.
public struct FloodReport: Encodable, Sendable, Equatable {
    /// One moment of the flood.
    public struct Sample: Encodable, Sendable, Equatable {
        /// Seconds since the flood started (it ends at the flood's length; the settling follows).
        public var seconds: Double
        /// The server's resident memory.
        public var rssBytes: Int
        /// Requests sent so far.
        public var requestsSent: Int

        enum CodingKeys: String, CodingKey {
            case seconds
            case rssBytes = "rss_bytes"
            case requestsSent = "requests_sent"
        }
    }

    /// How the connection ended.
    public enum Ending: String, Encodable, Sendable {
        /// The server sent a close frame (its code and reason are in the report).
        case closeFrame = "close_frame"
        /// The server reset the connection.
        case reset
        /// The server closed the connection in order, with no close frame before it.
        case closedWithoutCloseFrame = "closed_without_close_frame"
        /// The server never closed it: the client went at the end of the flood.
        case notClosed = "not_closed"
    }

    /// How long the flood was to last.
    public var floodSeconds: Double
    /// How long the server was watched after the client had gone.
    public var settleSeconds: Double
    /// ListTables packets written (whole WebSocket frames the kernel took).
    public var requestsSent: Int
    /// Requests per second of the flood while it lasted.
    public var requestsPerSecond: Double
    /// Messages the server had read when the flood stopped (its `snap_packets_in_total`); the rest of what was sent
    /// still waited in the kernel's buffers. Nil when `/metrics` could not be read.
    public var requestsReadByServer: Int?
    /// The server's resident memory before the flood.
    public var serverRssBytesBefore: Int
    /// The server's resident memory when the flood stopped, before the client went.
    public var serverRssBytesAfterFlood: Int
    /// The server's resident memory `settleSeconds` after the client had gone.
    public var serverRssBytesAfterClientGone: Int
    /// The largest resident memory seen.
    public var serverRssBytesPeak: Int
    /// The connections the server counted `settleSeconds` after the client had gone (0 unless it still holds the
    /// flooder's); nil when `/metrics` could not be read.
    public var serverConnectionsAfterClientGone: Int?
    /// Requests written to the kernel at once (one write of many frames is the fastest a client can ask).
    public var framesPerWrite: Int
    /// How the connection ended.
    public var ending: Ending
    /// When the client found the connection closed by the server, in seconds from the start of the flood.
    public var closedAfterSeconds: Double?
    /// The close frame's code, when one came.
    public var closeCode: Int?
    /// The close frame's reason, when one came.
    public var closeReason: String?
    /// The server's memory and the requests sent, every second.
    public var samples: [Sample]

    enum CodingKeys: String, CodingKey {
        case ending, samples
        case floodSeconds = "flood_seconds"
        case settleSeconds = "settle_seconds"
        case requestsSent = "requests_sent"
        case requestsPerSecond = "requests_per_second"
        case requestsReadByServer = "requests_read_by_server"
        case serverRssBytesBefore = "server_rss_bytes_before"
        case serverRssBytesAfterFlood = "server_rss_bytes_after_flood"
        case serverRssBytesAfterClientGone = "server_rss_bytes_after_client_gone"
        case serverRssBytesPeak = "server_rss_bytes_peak"
        case serverConnectionsAfterClientGone = "server_connections_after_client_gone"
        case framesPerWrite = "frames_per_write"
        case closedAfterSeconds = "closed_after_seconds"
        case closeCode = "close_code"
        case closeReason = "close_reason"
    }

    /// Writes every key, always in the same form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(floodSeconds, forKey: .floodSeconds)
        try container.encode(settleSeconds, forKey: .settleSeconds)
        try container.encode(framesPerWrite, forKey: .framesPerWrite)
        try container.encode(requestsSent, forKey: .requestsSent)
        try container.encode(requestsPerSecond, forKey: .requestsPerSecond)
        try container.encode(serverRssBytesBefore, forKey: .serverRssBytesBefore)
        try container.encode(serverRssBytesAfterFlood, forKey: .serverRssBytesAfterFlood)
        try container.encode(serverRssBytesAfterClientGone, forKey: .serverRssBytesAfterClientGone)
        try container.encode(serverRssBytesPeak, forKey: .serverRssBytesPeak)
        try container.encode(ending, forKey: .ending)
        // Unknown figures are written as null, never left out: every key is always there.
        try container.encode(requestsReadByServer, forKey: .requestsReadByServer)
        try container.encode(serverConnectionsAfterClientGone, forKey: .serverConnectionsAfterClientGone)
        try container.encode(closedAfterSeconds, forKey: .closedAfterSeconds)
        try container.encode(closeCode, forKey: .closeCode)
        try container.encode(closeReason, forKey: .closeReason)
        try container.encode(samples, forKey: .samples)
    }
}
