import SnapCore
import SnapProtocol
import Testing

@testable import SnapBench

/// The floor's messages: each reads back as itself, and is the size of the Snap! packet it stands for (protocol
/// version 10's), so that the floor moves the game's bytes.
@Suite struct FloorMessageTests {
    static let all: [FloorMessage] = [
        .join(group: 70_000, seat: 2), .turn(seat: 1), .call(seat: 3), .turned(seat: 0, card: 300_001),
        .called(seat: 2), .activate(seat: 1), .ping, .pong, .moved(seat: 3), .resumed,
    ]

    @Test func everyMessageReadsBackAsItself() {
        for message in Self.all { #expect(FloorMessage(message.encoded()) == message, "\(message)") }
        #expect(FloorMessage([0, 0, 0, 0, 0, 0]) == nil)
        #expect(FloorMessage([4, 0, 0]) == nil)
        #expect(FloorMessage([11, 0, 0, 0, 0, 0]) == nil)
    }

    @Test func eachIsTheSizeOfTheSnapPacketItStandsFor() {
        let size = { (packet: Packet, numbered: Bool) in Frame(number: numbered ? 1 : nil, packet: packet).encoded().count }
        #expect(FloorMessage.turned(seat: 0, card: 1).size == size(.cardTurned(seat: .bottom, card: Deck.ordered[0]), true))
        #expect(FloorMessage.activate(seat: 0).size == size(.turn(seat: .bottom), true))
        #expect(FloorMessage.called(seat: 0).size
            == size(.snapJudged(SnapCall(seat: .bottom, verdict: .wrong), reaction: 1, margin: nil), true))
        #expect(FloorMessage.call(seat: 0).size == size(.callSnap(reaction: 1), false))
        #expect(FloorMessage.moved(seat: 0).size == size(.pileCollected(from: .bottom, to: .left, count: 3), true))
        #expect(FloorMessage.resumed.size == size(.resumed, true))
        for message in Self.all { #expect(message.encoded().count == message.size) }
    }

    /// A group's bots agree on the cards they all call on, and call on about the share of cards asked for.
    @Test func aGroupsBotsCallOnTheSameCards() {
        let cards = UInt32(1)...20_000
        let calledOn = cards.filter { LeanFloorBot.everyoneCalls(on: $0, in: 7, seed: 1, chance: 0.15) }
        #expect(calledOn == cards.filter { LeanFloorBot.everyoneCalls(on: $0, in: 7, seed: 1, chance: 0.15) })
        #expect((2_700...3_300).contains(calledOn.count), "\(calledOn.count) of 20,000")
        let otherGroup = cards.filter { LeanFloorBot.everyoneCalls(on: $0, in: 8, seed: 1, chance: 0.15) }
        #expect(otherGroup != calledOn)
    }
}
