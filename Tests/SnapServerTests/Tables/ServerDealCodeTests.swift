import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer

/// Deal codes on a whole server in process: the host starts a round with a code and gets exactly its shuffle; the
/// code is told to nobody while the round is under way (it names every card) and to everyone once it is over, in a
/// snapshot too; a guest may not choose the deal; a client of an older version is sent nothing new.
@Suite struct ServerDealCodeTests {
    typealias Helpers = ServerQuickRoundTests

    static func isRoundDeal(_ packet: Packet) -> Bool { if case .roundDeal = packet { true } else { false } }

    @Test func theHostPlaysADealByItsCodeAndEveryoneLearnsItOnlyOnceTheRoundIsOver() async throws {
        let (server, clock) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server)
        let code = try await Helpers.seat(ann, bob)
        // Cat watches with protocol version 7, from before deal codes.
        let cat = try await Helpers.signIn("Cat", on: server, version: 7)
        await cat.socket.send(.watchTable(code: code))
        try await cat.socket.waitFor("Cat watching") { if case .tableWatched = $0 { true } else { false } }

        let deal = try DealCode(parsing: "K7M3-Q2PX")
        await bob.socket.send(.startRoundWithDeal(deal))
        #expect(try await bob.socket.waitForError(TableError.notHost.rawValue) == "Only the host can do that.")
        await ann.socket.send(.startRoundWithDeal(deal))
        try await ann.socket.waitFor("the deal") { if case .dealCards = $0 { true } else { false } }
        clock.advance(by: .seconds(2))
        try await ann.socket.waitFor("the first turn") { if case .activatePlayer = $0 { true } else { false } }

        // Exactly the code's shuffle, dealt one card at a time from the starter.
        let table = try #require(await server.table(code))
        let state = await table.state.table
        #expect(state.deal == deal)
        let starter = try #require(state.startingSeat)
        let order = [starter] + starter.clockwiseAfter.filter { state[$0] != nil }
        let dealt = (0..<Deck.size).map { state[order[$0 % 2]]!.closed.cards[$0 / 2] }
        #expect(dealt == deal.deck)
        for socket in [ann.socket, bob.socket, cat.socket] {
            #expect(!socket.frames.contains { Self.isRoundDeal($0.packet) }, "a deal code sent during the round")
        }

        // Bob leaves: the round is over, and its code is told to Ann, but not to Cat's older client.
        await bob.socket.send(.clientQuit)
        #expect(try await ann.socket.waitFor("the deal's code", Self.isRoundDeal) == .roundDeal(deal))
        try await cat.socket.waitFor("the end") { if case .roundWon = $0 { true } else { false } }
        try await Helpers.synced(cat.socket)
        #expect(!cat.socket.frames.contains { Self.isRoundDeal($0.packet) })
        // A snapshot of the table between rounds says it again.
        await ann.socket.send(.resyncRequest)
        try await ann.socket.waitFor("the snapshot") { if case .snapshot = $0 { true } else { false } }
        #expect(try await ann.socket.waitFor("the code after it", Self.isRoundDeal) == .roundDeal(deal))
        await server.stop()
    }

    @Test func aRoundStartedPlainlyHasACodeThatDealsItAgain() async throws {
        let (server, clock) = Helpers.start(TableSettings())
        let ann = try await Helpers.signIn("Ann", on: server)
        let bob = try await Helpers.signIn("Bob", on: server)
        let code = try await Helpers.seat(ann, bob)
        _ = try await Helpers.play(ann, clock)
        let table = try #require(await server.table(code))
        let first = await table.state.table
        let deal = try #require(first.deal)
        let hands = Seat.allCases.map { first[$0]?.closed.cards }

        await bob.socket.send(.clientQuit)
        #expect(try await ann.socket.waitFor("the deal's code", Self.isRoundDeal) == .roundDeal(deal))
        let cy = try await Helpers.signIn("Cy", on: server)
        await cy.socket.send(.joinTable(code: code))
        try await ann.socket.waitFor("Cy") { if case .playerJoined = $0 { true } else { false } }
        await ann.socket.send(.startRoundWithDeal(deal))
        try await ann.socket.waitFor("the second deal") { if case .dealCards(let round, _, _) = $0 { round == 2 } else { false } }
        let second = await table.state.table
        #expect(second.deal == deal)
        // The same cards in the same piles when the same seat starts; whoever starts, the same deck in the same order.
        if second.startingSeat == first.startingSeat {
            #expect(Seat.allCases.map { second[$0]?.closed.cards } == hands)
        }
        #expect(Set(Seat.allCases.compactMap { second[$0]?.closed.cards }.joined()).count == Deck.size)
        #expect(await table.conservationFailures == 0)
        await server.stop()
    }
}
