import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// Protocol version 10 on a whole server in process: a version 10 player is sent Turn and SnapJudged, the packets of
/// one moment in one message, while an older player at the same table is sent exactly the packets it always was.
@Suite struct ServerVersion10Tests {
    @Test func aVersion10PlayerGetsFewerFullerMessagesBesideAnOlderOne() async throws {
        let (server, clock) = ServerJudgingTests.start()
        // Ann speaks version 10 and is near; Bob speaks version 9 and is far.
        let ann = try await ServerJudgingTests.signIn(
            "Ann", on: server, clock: clock, version: Wire.version, roundTrip: .milliseconds(10))
        let bob = try await ServerJudgingTests.signIn(
            "Bob", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(160))
        await ann.socket.send(.hostTable(solo: false))
        guard case .tableJoined(let code, let annSeat) = try await ann.socket.waitFor("the table", { if case .tableJoined = $0 { true } else { false } })
        else { throw TimedOut(what: "the table") }
        await bob.socket.send(.joinTable(code: code))
        guard case .tableJoined(_, let bobSeat) = try await bob.socket.waitFor("the seat", { if case .tableJoined = $0 { true } else { false } })
        else { throw TimedOut(what: "the seat") }
        await ann.socket.send(.startRound)
        try await bob.socket.waitFor("the deal") { if case .dealCards = $0 { true } else { false } }
        clock.advance(by: .seconds(2))

        // The first turn: by seat for Ann, by id for Bob, and the same player.
        guard case .turn(let activeSeat) = try await ann.socket.waitFor("Ann's first turn", { if case .turn = $0 { true } else { false } })
        else { throw TimedOut(what: "Ann's first turn") }
        guard case .activatePlayer(let activeID) = try await bob.socket.waitFor("Bob's first turn", { if case .activatePlayer = $0 { true } else { false } })
        else { throw TimedOut(what: "Bob's first turn") }
        #expect(activeID == (activeSeat == annSeat ? ann.id : bob.id))
        await (activeSeat == annSeat ? ann : bob).socket.send(.clientTurnedCard)
        try await ann.socket.waitFor("the card") { if case .cardTurned = $0 { true } else { false } }
        try await bob.socket.waitFor("the card") { if case .cardTurned = $0 { true } else { false } }

        // Ann calls first having taken 250 ms; Bob, far away, 100 ms later having taken 200 ms: Bob wins by 50 ms.
        clock.advance(by: .milliseconds(260))
        await ann.socket.send(.callSnap(reaction: 250_000))
        try await ServerJudgingTests.synced(ann.socket)
        clock.advance(by: .milliseconds(100))
        await bob.socket.send(.callSnap(reaction: 200_000))
        let judged = Packet.snapJudged(SnapCall(seat: bobSeat, verdict: .wrong), reaction: 200_000, margin: 50_000)
        try await ann.socket.waitFor("the verdict, in one packet") { $0 == judged }
        try await bob.socket.waitFor("the timing") { $0 == .callTiming(seat: bobSeat, reaction: 200_000, margin: 50_000) }

        // Ann: the judged call and Ann's call too late in one message, and none of the packets version 10 replaces.
        let annPackets = ann.socket.frames.map(\.packet)
        #expect(!annPackets.contains { [.activatePlayer, .callTiming].contains($0.type) })
        #expect(!annPackets.contains { if case .playerCalledSnap(_, let verdict) = $0 { verdict != .tooLate } else { false } })
        let moment = try #require(ann.socket.messages.map { try Frame.decodeMessage($0).map(\.packet) }.first { $0.contains(judged) })
        #expect(moment == [judged, .playerCalledSnap(id: ann.id, verdict: .tooLate)])
        // Bob: a packet to a message, as ever, with the verdict in two.
        for message in bob.socket.messages { #expect(throws: Never.self) { try Frame.decode(message) } }
        let bobPackets = bob.socket.frames.map(\.packet)
        #expect(!bobPackets.contains { [.turn, .snapJudged].contains($0.type) })
        #expect(bobPackets.contains(.playerCalledSnap(id: bob.id, verdict: .wrong)))
        await server.stop()
    }
}
