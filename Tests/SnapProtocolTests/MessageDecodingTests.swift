import SnapCore
import SnapProtocol
import Testing

/// Protocol version 10: several packets to a message, read all or nothing, and the fewer packets of a moment.
@Suite struct MessageDecodingTests {
    private let turned = Frame(number: 7, packet: .cardTurned(seat: .left, card: Deck.ordered[11]))
    private let turn = Frame(number: 8, packet: .turn(seat: .top))

    @Test func aMessageHoldsPacketsBackToBack() throws {
        let message = turned.encoded() + turn.encoded()
        #expect(try Frame.decodeMessage(message) == [turned, turn])
        #expect(try Frame.decodeMessage(turned.encoded()) == [turned])
    }

    @Test func aMessageIsReadAllOrNothing() {
        func error(_ bytes: [UInt8]) -> ProtocolError? {
            decodingError(bytes) { (bytes) throws(ProtocolError) in _ = try Frame.decodeMessage(bytes) }
        }
        #expect(error([]) == .truncatedHeader(size: 0))
        #expect(error(turned.encoded() + [0x53, 0x4E]) == .truncatedHeader(size: 2))
        #expect(error(turned.encoded() + Array(repeating: 0, count: 10)) == .badMagic)
        var badSeat = turn.encoded()
        badSeat[10] = 9
        #expect(error(turned.encoded() + badSeat) == .invalidValue(field: "Turn.seat", value: 9))
        #expect(error(Array(repeating: 0, count: Wire.maximumPacketSize + 1)) == .oversized(size: 4097))
        // A single packet stays strict about what follows it.
        #expect(throws: ProtocolError.trailingBytes(count: 11)) { try Frame.decode(turned.encoded() + turn.encoded()) }
    }

    @Test func aJudgedCallIsNeverTooLate() {
        let tooLate = Wire.magic + [0, 0, 0, 1, 0, 0xA6, 1, 2, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: ProtocolError.invalidValue(field: "SnapJudged.call.verdict", value: 2)) {
            try Frame.decode(tooLate)
        }
    }

    @Test func aVersion10PacketNamingAnEmptySeatIsAsUnknownAsAnUnknownID() throws {
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("Ann"), name: "Ann"))
        let view = table.view(for: .bottom)
        let empty = try #require(Seat.allCases.first { table[$0] == nil })
        #expect(throws: Packet.UnknownPlayer.self) { try Packet.turn(seat: empty).tableEvents(in: view) }
        let judged = Packet.snapJudged(
            SnapCall(seat: .bottom, verdict: .correct(matching: [.bottom, empty])), reaction: 1, margin: nil)
        #expect(throws: Packet.UnknownPlayer.self) { try judged.tableEvents(in: view) }
        #expect(try Packet.turn(seat: .bottom).tableEvents(in: view) == [.activated(.bottom)])
    }

    @Test func aMomentGivesVersion10FewerPackets() {
        var table = Table()
        for name in ["Ann", "Ray"] { _ = try? table.join(PlayerInfo(id: PlayerID(name), name: name)) }
        var translator = TableEventPackets(seating: table)
        let (ann, ray) = (table.seat(of: PlayerID("Ann"))!, table.seat(of: PlayerID("Ray"))!)
        let judged: [TableEvent] = [
            .snapCalled(ray, .correct(matching: [ray, ann])),
            .callTimed(ray, reaction: .milliseconds(180), margin: .milliseconds(20)),
            .snapCalled(ann, .tooLate),
            .activated(ann),
        ]
        let moment = translator.moment(for: judged)
        #expect(
            moment.classic == [
                .playerCalledSnap(id: PlayerID("Ray"), verdict: .correct(matching: [PlayerID("Ray"), PlayerID("Ann")])),
                .callTiming(seat: ray, reaction: 180_000, margin: 20_000),
                .playerCalledSnap(id: PlayerID("Ann"), verdict: .tooLate),
                .activatePlayer(id: PlayerID("Ann")),
            ])
        #expect(
            moment.lean == [
                .snapJudged(
                    SnapCall(seat: ray, verdict: .correct(matching: [ray, ann])), reaction: 180_000,
                    margin: 20_000),
                .playerCalledSnap(id: PlayerID("Ann"), verdict: .tooLate),
                .turn(seat: ann),
            ])
        #expect(moment.packets(for: 9) == moment.classic)
        #expect(moment.packets(for: 10) == moment.lean)
        // A judged call without its timing (never from the runner) goes out as PlayerCalledSnap.
        let untimed = translator.moment(for: [.snapCalled(ray, .wrong)])
        #expect(untimed.lean == [.playerCalledSnap(id: PlayerID("Ray"), verdict: .wrong)])
    }
}
