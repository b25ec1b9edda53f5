import SnapProtocol
import Testing

/// Lists that could outgrow a packet are cut to fit.
@Suite struct PacketSizeTests {
    @Test func aLongTableListIsCutToFitOnePacket() throws {
        let long = String(repeating: "n", count: 80)
        let tables = (0..<300).map {
            TableSummary(code: "T\($0)", hostName: long, players: 1, seatsFree: 3, roundUnderWay: false)
        }
        let packet = Packet.tableList(fitting: tables)
        let bytes = Frame(number: 1, packet: packet).encoded()
        #expect(bytes.count <= Wire.maximumPacketSize)
        #expect(try Frame.decode(bytes).packet == packet)
        guard case .tableList(let listed) = packet else { Issue.record("not a TableList"); return }
        #expect(listed == Array(tables.prefix(listed.count)))
        #expect(listed.count > 40)
        let withOneMore = Frame(number: 1, packet: .tableList(Array(tables.prefix(listed.count + 1)))).encoded()
        #expect(withOneMore.count > Wire.maximumPacketSize)
    }

    @Test func aShortTableListIsKeptWhole() {
        let tables = (0..<3).map {
            TableSummary(code: "T\($0)", hostName: "H", players: 1, seatsFree: 3, roundUnderWay: false)
        }
        #expect(Packet.tableList(fitting: tables) == .tableList(tables))
        let many = (0..<300).map { _ in
            TableSummary(code: "", hostName: "", players: 0, seatsFree: 0, roundUnderWay: false)
        }
        #expect(Packet.tableList(fitting: many) == .tableList(Array(many.prefix(255))))
    }
}
