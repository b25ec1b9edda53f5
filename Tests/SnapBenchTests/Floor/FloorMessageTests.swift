import SnapCore
import SnapProtocol
import Testing

@testable import SnapBench

/// The floor's messages: each reads back as itself, and is the size of the Snap! packet it stands for (protocol
/// version 10's), so that the floor moves the game's bytes.
@Suite struct FloorMessageTests {
    static let all: [FloorMessage] = [
        .join(group: 70_000, seat: 2), .turn(seat: 1), .call(seat: 3), .turned(seat: 0), .called(seat: 2),
        .activate(seat: 1), .ping, .pong,
    ]

    @Test func everyMessageReadsBackAsItself() {
        for message in Self.all { #expect(FloorMessage(message.encoded()) == message, "\(message)") }
        #expect(FloorMessage([0, 0, 0, 0, 0, 0]) == nil)
        #expect(FloorMessage([4, 0, 0]) == nil)
    }

    @Test func eachIsTheSizeOfTheSnapPacketItStandsFor() {
        let size = { (packet: Packet, numbered: Bool) in Frame(number: numbered ? 1 : nil, packet: packet).encoded().count }
        #expect(FloorMessage.turned(seat: 0).size == size(.cardTurned(seat: .bottom, card: Deck.ordered[0]), true))
        #expect(FloorMessage.activate(seat: 0).size == size(.turn(seat: .bottom), true))
        #expect(FloorMessage.called(seat: 0).size
            == size(.snapJudged(SnapCall(seat: .bottom, verdict: .wrong), reaction: 1, margin: nil), true))
        #expect(FloorMessage.call(seat: 0).size == size(.callSnap(reaction: 1), false))
        for message in Self.all { #expect(message.encoded().count == message.size) }
    }
}
