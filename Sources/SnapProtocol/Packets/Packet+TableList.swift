extension Packet {
    /// A ``tableList(_:)`` with as many of `tables`, in order, as fit in one packet of
    /// ``Wire/maximumPacketSize`` bytes (and at most 255), so that a long list never makes an oversized packet.
    public static func tableList(fitting tables: some Sequence<TableSummary>) -> Packet {
        var size = Wire.headerSize + 1
        var fitting = [TableSummary]()
        for table in tables {
            var writer = ByteWriter()
            Packet.tableList([table]).writePayload(to: &writer)
            size += writer.bytes.count - 1  // the count byte is already counted
            guard size <= Wire.maximumPacketSize, fitting.count < Int(UInt8.max) else { break }
            fitting.append(table)
        }
        return .tableList(fitting)
    }
}
