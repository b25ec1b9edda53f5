import SnapProtocol

extension WebSocketSender {
    /// Numbers and queues `packets` for a client of protocol `version`, each as that version reads it
    /// (``Swift/Array/adapted(to:)``), so that they go out in one write — and, to a client of version 10 or later,
    /// in one WebSocket message with whatever else is queued for it before the write (the packets of one moment).
    /// Returns how many packets and bytes were queued, or nil when nothing was (the sender is closing).
    ///
    /// The one place where a connection's packets become its WebSocket messages: the Snap! server's ``Outbox`` and
    /// the benchmarks' transport floor both send through it.
    @discardableResult
    public func send(_ packets: [Packet], version: UInt8) -> (packets: Int, bytes: Int)? {
        guard !packets.isEmpty else { return (0, 0) }
        let packets = packets.adapted(to: version)
        let together = version >= PacketType.fullerMessagesSince
        let bytes = send(count: packets.count, together: together) { index, number in
            Frame(number: number, packet: packets[index]).encoded()
        }
        return bytes.map { (packets.count, $0) }
    }
}
