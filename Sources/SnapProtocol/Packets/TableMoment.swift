/// The packets of one moment of a table — what its events say — as each protocol version gets them.
///
/// Made once for all the table's clients (``TableEventPackets/moment(for:)``); each client is then sent the list of
/// its version, less the packets its version does not know (``PacketType/sinceVersion``), which whoever sends
/// leaves out.
public struct TableMoment: Hashable, Sendable {
    /// For clients of versions 1 to 9.
    public var classic: [Packet] = []
    /// For clients of version 10 and later: fewer packets for the same events.
    public var lean: [Packet] = []

    /// No packets.
    public init() {}

    /// The same packets for every version.
    public init(_ packets: [Packet]) {
        classic = packets
        lean = packets
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { classic.isEmpty && lean.isEmpty }

    /// The list for a client of `version`.
    public func packets(for version: UInt8) -> [Packet] {
        version >= PacketType.fullerMessagesSince ? lean : classic
    }

    /// Adds packets every version gets.
    mutating func append(_ packets: [Packet]) {
        classic += packets
        lean += packets
    }

    /// Adds a packet, and what version 10 gets instead (the same unless said).
    mutating func append(_ packet: Packet, lean leanPacket: Packet? = nil) {
        classic.append(packet)
        lean.append(leanPacket ?? packet)
    }
}
