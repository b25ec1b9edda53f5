import Foundation
import SnapProtocol
import Testing

/// The golden vectors in GoldenVectors.json, which the JavaScript codec is tested against too: each holds a
/// packet's bytes in hex and its JSON rendering as `snap decode` prints it.
@Suite struct GoldenVectorTests {
    struct Vector: Decodable {
        var name: String
        var hex: String
        var json: JSONValue
    }

    static let vectors: [Vector] = {
        guard let url = Bundle.module.url(forResource: "GoldenVectors", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let vectors = try? JSONDecoder().decode([Vector].self, from: data)
        else { return [] }
        return vectors
    }()

    @Test func theFileLoads() {
        #expect(Self.vectors.count >= 60)
    }

    @Test func everyVectorDecodesToItsJSON() throws {
        for vector in Self.vectors {
            let frame = try Frame.decode(try Hex.bytes(vector.hex))
            #expect(frame.json == vector.json, "\(vector.name)")
        }
    }

    @Test func everyVectorEncodesBackToTheSameBytes() throws {
        for vector in Self.vectors {
            let bytes = try Hex.bytes(vector.hex)
            #expect(try Frame.decode(bytes).encoded() == bytes, "\(vector.name)")
        }
    }

    @Test func everyPacketTypeHasAVector() throws {
        let covered = Set(try Self.vectors.map { try Frame.decode(try Hex.bytes($0.hex)).packet.type })
        #expect(covered == Set(PacketType.allCases))
    }

    @Test func theInterestingPacketsHaveSeveralVectors() {
        let names = Set(Self.vectors.map(\.name))
        for name in [
            "PlayerCalledSnap.wrong", "PlayerCalledSnap.tooLate", "PlayerCalledSnap.correct", "Snapshot.midRound",
            "Snapshot.roundOver", "HostChanged.nobody",
        ] {
            #expect(names.contains(name), "\(name)")
        }
    }

    @Test func vectorNamesAreUniqueAndStartWithThePacketName() throws {
        #expect(Set(Self.vectors.map(\.name)).count == Self.vectors.count)
        for vector in Self.vectors {
            let frame = try Frame.decode(try Hex.bytes(vector.hex))
            #expect(vector.name.hasPrefix(frame.packet.name) || vector.name.hasPrefix("Numbered"), "\(vector.name)")
        }
    }

    @Test func theSamplesStillEncodeToTheirVectors() {
        let hexByName = Dictionary(uniqueKeysWithValues: Self.vectors.map { ($0.name, $0.hex) })
        for sample in Samples.named {
            #expect(hexByName[sample.name] == Hex.string(sample.frame.encoded()), "\(sample.name)")
        }
    }
}
