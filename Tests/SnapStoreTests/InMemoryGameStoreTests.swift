import Foundation
import Testing
import SnapStore

@Suite struct InMemoryGameStoreTests {
    @Test func aSavedRoundComesBackWhole() async throws {
        let store = InMemoryGameStore()
        let round = RoundRecord(
            tableCode: "ABCD", roundNumber: 1, startedAt: Date(timeIntervalSince1970: 1), endedAt: Date(timeIntervalSince1970: 2),
            players: [RoundPlayer(seat: 0, name: "Ann", isComputer: false, level: nil, cardsAtEnd: 52)],
            winner: "Ann", seed: 7, roundSeconds: 300, turnSeconds: 8, calls: [], actionCount: 3, log: [1, 2, 3])
        let id = try await store.save(round)
        var expected = round
        expected.id = id
        #expect(try await store.round(id: id) == expected)
    }
}
