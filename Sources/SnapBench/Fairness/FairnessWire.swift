import SnapNetworkTools
import SnapProtocol

/// Finds Snap! packets in the raw bytes a ``DelayProxy`` carried, so that a fairness run can tell from the
/// proxies' records when a call reached the server and when its verdict left it.
enum FairnessWire {
    /// The packet types of the whole binary WebSocket frames in `bytes`, masked (client to server) or not, from
    /// the first byte on — every packet of a message that holds several; stops at anything that is not a frame (the
    /// HTTP upgrade) or a frame cut short.
    static func packetTypes(in bytes: [UInt8]) -> [UInt16] {
        var types = [UInt16]()
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            let masked = bytes[index + 1] & 0x80 != 0
            var length = Int(bytes[index + 1] & 0x7F)
            index += 2
            if length == 126 {
                guard index + 2 <= bytes.count else { break }
                length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += 2
            } else if length == 127 {
                break
            }
            var mask: [UInt8] = [0, 0, 0, 0]
            if masked {
                guard index + 4 <= bytes.count else { break }
                mask = Array(bytes[index..<index + 4])
                index += 4
            }
            guard index + length <= bytes.count, opcode <= 0x0A else { break }
            if opcode == 0x2, length >= 10 {
                let payload = (0..<length).map { bytes[index + $0] ^ mask[$0 % 4] }
                if let frames = try? Frame.decodeMessage(payload) {
                    // From protocol version 10 on, a message holds the packets of one moment.
                    types += frames.map(\.packet.typeNumber)
                } else if payload[0..<4].elementsEqual("SNAP".utf8) {
                    types.append(UInt16(payload[8]) << 8 | UInt16(payload[9]))
                }
            }
            index += length
        }
        return types
    }

    /// Whether `bytes` carry a Snap! call (a version 2 CallSnap or a version 1 PlayerShouldSnap).
    static func carriesCall(_ bytes: [UInt8]) -> Bool {
        packetTypes(in: bytes).contains { $0 == PacketType.callSnap.rawValue || $0 == PacketType.playerShouldSnap.rawValue }
    }

    /// Whether `bytes` carry a verdict (PlayerCalledSnap, or version 10's SnapJudged).
    static func carriesVerdict(_ bytes: [UInt8]) -> Bool {
        packetTypes(in: bytes).contains { $0 == PacketType.playerCalledSnap.rawValue || $0 == PacketType.snapJudged.rawValue }
    }
}
