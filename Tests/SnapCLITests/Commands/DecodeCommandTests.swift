import Foundation
import SnapTestSupport
import Testing

/// `snap decode`: a packet, or a version 10 message of several, printed as the JSON docs/PROTOCOL.md describes; a
/// broken one refused in one line.
@Suite struct DecodeCommandTests {
    @Test func aPacketPrintsAsItsJSON() async throws {
        let result = try await SnapBinary.run(["decode", "--compact", "534E415000000050007F03020A"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"fields":{"card":{"suit":"hearts","value":10},"seat":3},"name":"CardTurned","number":80,"type":127}"#
                + "\n")
    }

    @Test func aMessageOfSeveralPacketsPrintsAnArrayInOrder() async throws {
        // Version 10: a CardTurned and a Turn in one message.
        let result = try await SnapBinary.run(["decode", "--compact", "534E415000000050007F03020A", "534E41500000005100A501"])
        #expect(result.status == 0)
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(frames.map { $0["name"] as? String } == ["CardTurned", "Turn"])
        #expect(frames.map { $0["number"] as? Int } == [80, 81])
    }

    @Test func aMessageCutShortIsRefusedWhole() async throws {
        let result = try await SnapBinary.run(["decode", "534E415000000050007F03020A", "534E4150000000"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.firstErrorLine?.hasPrefix("Error: not a valid packet: ") == true, "\(result.stderr)")
    }
}
