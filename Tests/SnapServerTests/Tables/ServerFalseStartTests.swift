import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// False starts on a whole server in process, driven by its manual clock: a call on a match faster than a person
/// can react is not judged as a Snap!; its caller pays at once, the card stays open for the others, and a client of
/// an older protocol version sees a wrong call and the table resuming.
@Suite struct ServerFalseStartTests {
    typealias Helpers = ServerQuickRoundTests

    /// A deal whose first two turned cards, with two players, have the same value: the starter's first card is the
    /// deck's 51st, the other player's its 52nd (the deal goes one card at a time, the last on top).
    static let matchingDeal = (1...100_000).lazy.compactMap { DealCode(value: UInt64($0)) }
        .first { $0.deck[50].value == $0.deck[51].value }!

    /// Ann (the newest protocol) hosts, Bob (`bobsVersion`) joins; both turn a card, the second making a match.
    static func match(
        _ server: InProcessServer, _ clock: ManualServerClock, bobsVersion: UInt8
    ) async throws -> (ann: ServerQuickRoundTests.Player, bob: ServerQuickRoundTests.Player, code: String) {
        let ann = try await Helpers.signIn("Ann", on: server, version: Wire.version)
        let bob = try await Helpers.signIn("Bob", on: server, version: bobsVersion)
        let code = try await Helpers.seat(ann, bob)
        await ann.socket.send(.startRoundWithDeal(Self.matchingDeal))
        try await bob.socket.waitFor("the deal") { if case .dealCards = $0 { true } else { false } }
        for turn in 1...2 {
            clock.advance(by: .seconds(2))
            // Ann hosts from the bottom seat; Bob sits at the top. Version 10 on names the seat (Turn).
            let annsTurn: Bool
            switch try await bob.socket.waitFor("turn \(turn)", { $0.type == .activatePlayer || $0.type == .turn }) {
            case .activatePlayer(let id): annsTurn = id == ann.id
            case .turn(let seat): annsTurn = seat == .bottom
            default: throw TimedOut(what: "turn \(turn)")
            }
            await (annsTurn ? ann : bob).socket.send(.clientTurnedCard)
            try await bob.socket.waitFor("card \(turn)") { if case .cardTurned = $0 { true } else { false } }
            try await ann.socket.waitFor("card \(turn)") { if case .cardTurned = $0 { true } else { false } }
        }
        return (ann, bob, code)
    }

    @Test(arguments: [UInt8(2), 10])
    func aCallFasterThanAPersonPaysAndTheCardStaysOpen(bobsVersion: UInt8) async throws {
        let server = InProcessServer.start { $0.falseStartFloor = JudgingRule.standardFalseStart }
        let clock = server.clock
        let (ann, bob, code) = try await Self.match(server, clock, bobsVersion: bobsVersion)
        // Bob presses 30 ms after the match appeared (he answered no ping: nothing is taken off for his network).
        clock.advance(by: .milliseconds(30))
        await bob.socket.send(.callSnap(reaction: 20_000))
        #expect(
            try await ann.socket.waitFor("Bob's false start") { if case .playerCalledSnap = $0 { true } else { false } }
                == .playerCalledSnap(id: bob.id, verdict: .falseStart))
        #expect(try await ann.socket.waitFor("his card") { if case .cardPaid = $0 { true } else { false } } == .cardPaid(from: .top, to: .bottom))
        // Bob's older client: a wrong call, his card paid, and the table resuming.
        #expect(
            try await bob.socket.waitFor("his call") { if case .playerCalledSnap = $0 { true } else { false } }
                == .playerCalledSnap(id: bob.id, verdict: .wrong))
        try await bob.socket.waitFor("his card") { if case .cardPaid = $0 { true } else { false } }
        try await bob.socket.waitFor("the table resuming") { $0 == .resumed }
        // Ann calls 300 ms after the card: judged at once (Bob is out of this card's race), and correct.
        clock.advance(by: .milliseconds(270))
        await ann.socket.send(.callSnap(reaction: 300_000))
        let judged = try await ann.socket.waitFor("Ann's verdict") { if case .snapJudged = $0 { true } else { false } }
        guard case .snapJudged(let call, _, _) = judged else { return }
        #expect(call.seat == .bottom)
        #expect(call.verdict == .correct(matching: [.bottom, .top]))
        try await bob.socket.waitFor("Ann's verdict at Bob's") {
            switch $0 {
            case .playerCalledSnap(ann.id, .correct): true
            case .snapJudged(let call, _, _): call.seat == .bottom && call.verdict.stopsTheTable
            default: false
            }
        }
        let table = try #require(await server.table(code))
        let state = await table.state.table
        #expect(state.calls.map(\.verdict).contains(.falseStart))
        #expect(state.allCards.count == Deck.size)
        await server.stop()
    }

    @Test func aFloorOfZeroTurnsFalseStartsOff() async throws {
        let server = InProcessServer.start { $0.falseStartFloor = .zero }
        let clock = server.clock
        let (ann, bob, _) = try await Self.match(server, clock, bobsVersion: Wire.version)
        clock.advance(by: .milliseconds(30))
        await bob.socket.send(.callSnap(reaction: 20_000))
        let judged = try await ann.socket.waitFor("Bob's verdict") { if case .snapJudged = $0 { true } else { false } }
        guard case .snapJudged(let call, _, _) = judged else { return }
        #expect(call == SnapCall(seat: .top, verdict: .correct(matching: [.top, .bottom])))
        await server.stop()
    }
}
