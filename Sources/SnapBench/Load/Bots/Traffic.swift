/// Packets and bytes moved between the bots and the server, counted at the bots.
public struct Traffic: Sendable, Equatable {
    /// Packets the server sent to the bots.
    public var packetsOut = 0
    /// The WebSocket messages they came in (fewer than packets from protocol version 10 on).
    public var messagesOut = 0
    /// Bytes the server sent to the bots (payloads, without WebSocket framing).
    public var bytesOut = 0
    /// Packets the bots sent to the server.
    public var packetsIn = 0
    /// Bytes the bots sent to the server.
    public var bytesIn = 0
    /// Packets the bots could not decode, or that did not fit the table as they knew it.
    public var protocolErrors = 0

    /// No traffic.
    public init() {}

    /// The sum of two counts.
    public static func + (lhs: Traffic, rhs: Traffic) -> Traffic {
        var sum = lhs
        sum.packetsOut += rhs.packetsOut
        sum.messagesOut += rhs.messagesOut
        sum.bytesOut += rhs.bytesOut
        sum.packetsIn += rhs.packetsIn
        sum.bytesIn += rhs.bytesIn
        sum.protocolErrors += rhs.protocolErrors
        return sum
    }

    /// The difference between two counts (what moved between them).
    public static func - (lhs: Traffic, rhs: Traffic) -> Traffic {
        var difference = lhs
        difference.packetsOut -= rhs.packetsOut
        difference.messagesOut -= rhs.messagesOut
        difference.bytesOut -= rhs.bytesOut
        difference.packetsIn -= rhs.packetsIn
        difference.bytesIn -= rhs.bytesIn
        difference.protocolErrors -= rhs.protocolErrors
        return difference
    }
}
