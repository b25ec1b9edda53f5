/// Where the tables of the other nodes of a cluster are.
///
/// A node asks its directory only about a table (or a reconnect token) that is not one of its own; the answer
/// sends the client there with a Redirect (docs/PROTOCOL.md). A single server has no directory, and refuses such
/// requests as unknown. A directory never places a table on the node that asks.
public protocol TableDirectory: Sendable {
    /// The WebSocket address (`ws://HOST:PORT/ws`) of the node holding the table `code`, or nil when no other
    /// node holds it.
    func locate(code: String) async -> String?

    /// Where a reconnect token's seat is: at a table of another node, or at a table waiting to be taken over;
    /// nil when no other node knows the token.
    func locate(token: String) async -> SeatLocation?
}

/// Where a reconnect token's seat is, as a ``TableDirectory`` knows it.
public enum SeatLocation: Hashable, Sendable {
    /// At a table of another node.
    case elsewhere(TableLocation)
    /// At the table `code`, whose node's lease ran out and which no node has taken over yet: ask again soon.
    case moving(code: String)
}

/// A table of another node: its code and that node's WebSocket address.
public struct TableLocation: Hashable, Sendable {
    /// The table's code.
    public var code: String
    /// The WebSocket address of the node holding it, e.g. `ws://10.0.0.7:8080/ws`.
    public var url: String

    /// A table at a node.
    public init(code: String, url: String) {
        self.code = code
        self.url = url
    }
}
