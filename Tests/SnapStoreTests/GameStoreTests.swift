import Foundation
import Testing

@testable import SnapStore

/// The storage suite: the same behaviour from the in-memory store, a SQLite file and PostgreSQL.
@Suite struct GameStoreTests {
    @Test(arguments: StoreKind.all)
    func aSavedRoundComesBackByteForByteLogIncluded(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let full = RoundRecord(
                tableCode: "ZQXW", roundNumber: 12, startedAt: Rounds.time(minutes: 0, milliseconds: 7),
                endedAt: Rounds.time(minutes: 9, milliseconds: 999),
                players: [
                    Rounds.player(0, "Zoë", cards: 30), Rounds.player(1, "李雷", cards: 0),
                    Rounds.player(2, "Ray", computer: "hard", cards: 22),
                    Rounds.player(3, "Lucy", computer: "easy", cards: 0),
                ],
                winner: "Zoë", seed: .max, deal: "K7M3-Q2PX", roundSeconds: nil, turnSeconds: nil,
                calls: [
                    Rounds.call(0, "Zoë", .correct, at: 1_500, reaction: 312.25),
                    Rounds.call(2, "Ray", .tooLate, at: 1_520, reaction: 330),
                    Rounds.call(1, "李雷", .wrong, at: 4_000),
                    Rounds.call(0, "Zoë", .correct, at: 90_000, reaction: nil),
                ],
                actionCount: 4_096, log: Rounds.log(count: 4_096, seed: 42))
            var bare = Rounds.round(2, table: "ABCD", names: ["Ann", "Bob"], winner: nil, log: [])
            bare.seed = 1 << 63
            bare.roundSeconds = 180
            bare.turnSeconds = 30

            for round in [full, bare] {
                let id = try await store.save(round)
                var expected = round
                expected.id = id
                let loaded = try #require(try await store.round(id: id))
                #expect(loaded == expected)
                #expect(loaded.log == round.log)
            }
        }
    }

    @Test(arguments: StoreKind.all)
    func timesAreKeptToTheMicrosecond(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            var round = Rounds.round(1, names: ["Ann"], winner: "Ann")
            round.startedAt = Date(timeIntervalSince1970: 1_795_000_000.123_456_7)
            round.endedAt = Date(timeIntervalSinceReferenceDate: 817_000_000.000_000_4)
            let loaded = try #require(try await store.round(id: try await store.save(round)))
            #expect(abs(loaded.startedAt.timeIntervalSince(round.startedAt)) < 0.000_001)
            #expect(abs(loaded.startedAt.timeIntervalSince1970 - 1_795_000_000.123_457) < 0.000_000_1)
            #expect(abs(loaded.endedAt.timeIntervalSince(round.endedAt)) < 0.000_001)
        }
    }

    @Test(arguments: StoreKind.all)
    func historyIsNewestFirstAndPagedBeforeAnId(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            var saved: [RoundRecord] = []
            for number in 1...5 {
                var round = Rounds.round(
                    number, names: ["Ann", "Bob", "Ray"], winner: number.isMultiple(of: 2) ? "Bob" : nil)
                round.id = try await store.save(round)
                saved.append(round)
            }
            let ids = saved.map { $0.id! }
            #expect(ids == ids.sorted() && Set(ids).count == 5)

            let first = try await store.rounds(player: nil, before: nil, limit: 2)
            #expect(first == [saved[4].summary, saved[3].summary])
            let second = try await store.rounds(player: nil, before: first.last!.id, limit: 2)
            #expect(second == [saved[2].summary, saved[1].summary])
            let last = try await store.rounds(player: nil, before: second.last!.id, limit: 2)
            #expect(last == [saved[0].summary])
            #expect(try await store.rounds(player: nil, before: last.last!.id, limit: 2).isEmpty)
            #expect(try await store.rounds(player: nil, before: nil, limit: 0).isEmpty)
            #expect(try await store.rounds(player: nil, before: nil, limit: 100).map(\.id) == ids.reversed())
            #expect(first[0].players.map(\.name) == ["Ann", "Bob", "Ray"])
        }
    }

    @Test(arguments: StoreKind.all)
    func historyListsTheRoundsOfADealAndTheirPlayersSideBySide(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            var ids: [String?: [Int64]] = [:]
            for (number, deal) in [(1, "K7M3-Q2PX"), (2, "0000-0001"), (3, nil), (4, "K7M3-Q2PX")] as [(Int, String?)] {
                var round = Rounds.round(number, names: number == 4 ? ["Cy", "Dee"] : ["Ann", "Bob"], winner: nil)
                round.deal = deal
                ids[deal, default: []].append(try await store.save(round))
            }
            let both = try await store.rounds(player: nil, deal: "K7M3-Q2PX", before: nil, limit: 10)
            #expect(both.map(\.id) == ids["K7M3-Q2PX"]!.reversed())
            #expect(both.map(\.deal) == ["K7M3-Q2PX", "K7M3-Q2PX"])
            #expect(both.first?.players.map(\.name) == ["Cy", "Dee"])
            #expect(try await store.rounds(player: "ann", deal: "K7M3-Q2PX", before: nil, limit: 10).map(\.id) == [ids["K7M3-Q2PX"]![0]])
            #expect(try await store.rounds(player: nil, deal: "ZZZZ-ZZZZ", before: nil, limit: 10).isEmpty)
            #expect(try await store.rounds(player: nil, before: nil, limit: 10).map(\.deal) == ["K7M3-Q2PX", nil, "0000-0001", "K7M3-Q2PX"])
        }
    }

    @Test(arguments: StoreKind.all)
    func historyFiltersByPlayerWithoutRegardToCase(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let one = try await store.save(Rounds.round(1, names: ["Ann", "Bob"], winner: "Ann"))
            let two = try await store.save(Rounds.round(2, names: ["bob", "Cy"], winner: "Cy"))
            let three = try await store.save(Rounds.round(3, names: ["Ærøskøbing", "Cy"], winner: nil))

            #expect(try await store.rounds(player: "BOB", before: nil, limit: 10).map(\.id) == [two, one])
            #expect(try await store.rounds(player: "bob", before: two, limit: 10).map(\.id) == [one])
            #expect(try await store.rounds(player: "ann", before: nil, limit: 10).map(\.id) == [one])
            #expect(try await store.rounds(player: "ærøSKØBING", before: nil, limit: 10).map(\.id) == [three])
            #expect(try await store.rounds(player: "Zed", before: nil, limit: 10).isEmpty)
            #expect(try await store.rounds(player: "Bo", before: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.all)
    func statsCountRoundsWinsCallsAndReactions(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            var saved: [RoundRecord] = []
            for round in [
                Rounds.round(
                    1, names: ["Ann", "Bob"], winner: "Ann",
                    calls: [
                        Rounds.call(0, "Ann", .correct, reaction: 120), Rounds.call(1, "Bob", .wrong),
                        Rounds.call(0, "Ann", .wrong), Rounds.call(0, "Ann", .falseStart, reaction: 40),
                    ]),
                Rounds.round(
                    2, names: ["Bob", "Cy"], winner: "Bob", calls: [Rounds.call(0, "Bob", .correct, reaction: 90)]),
                Rounds.round(
                    3, names: ["ann", "Cy"], winner: "Cy",
                    calls: [
                        Rounds.call(0, "ann", .correct, reaction: 80), Rounds.call(0, "ann", .tooLate, reaction: 95),
                        Rounds.call(1, "Cy", .correct, reaction: 70),
                    ]),
                Rounds.round(
                    4, names: ["ANN", "Bob"], winner: "ANN",
                    calls: [
                        Rounds.call(0, "ANN", .correct, reaction: 100), Rounds.call(0, "ANN", .correct, reaction: nil),
                    ]),
            ] {
                var round = round
                round.id = try await store.save(round)
                saved.append(round)
            }

            let ann = try #require(try await store.stats(for: "aNN", recent: 2))
            #expect(
                ann
                    == PlayerStats(
                        name: "ANN", roundsPlayed: 3, roundsWon: 2, correctCalls: 4, wrongCalls: 1, lateCalls: 1,
                        falseStarts: 1, medianReactionMilliseconds: 100, bestReactionMilliseconds: 80,
                        recentRounds: [saved[3].summary, saved[2].summary]))

            let cy = try #require(try await store.stats(for: "cy", recent: 10))
            #expect(
                cy
                    == PlayerStats(
                        name: "Cy", roundsPlayed: 2, roundsWon: 1, correctCalls: 1, wrongCalls: 0, lateCalls: 0,
                        medianReactionMilliseconds: 70, bestReactionMilliseconds: 70,
                        recentRounds: [saved[2].summary, saved[1].summary]))

            let bob = try #require(try await store.stats(for: "Bob", recent: 0))
            #expect(bob.roundsPlayed == 3 && bob.roundsWon == 1 && bob.wrongCalls == 1 && bob.correctCalls == 1)
            #expect(bob.medianReactionMilliseconds == 90 && bob.recentRounds.isEmpty)
        }
    }

    @Test(arguments: StoreKind.all)
    func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let calls = [100.0, 300, 200, 400].map { Rounds.call(0, "Ann", .correct, reaction: $0) }
            _ = try await store.save(Rounds.round(1, names: ["Ann"], winner: nil, calls: calls))
            let ann = try #require(try await store.stats(for: "Ann", recent: 1))
            #expect(ann.medianReactionMilliseconds == 250)
            #expect(ann.bestReactionMilliseconds == 100)
            #expect(ann.roundsWon == 0)
        }
    }

    @Test(arguments: StoreKind.all)
    func anUnknownIdOrNameIsNil(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            #expect(try await store.round(id: 1) == nil)
            #expect(try await store.stats(for: "Ann", recent: 5) == nil)
            let id = try await store.save(Rounds.round(1, names: ["Ann"], winner: "Ann"))
            #expect(try await store.round(id: id + 1) == nil)
            #expect(try await store.round(id: -1) == nil)
            #expect(try await store.stats(for: "Bob", recent: 5) == nil)
            // A caller's name is not a player's.
            _ = try await store.save(
                Rounds.round(2, names: ["Ann"], winner: nil, calls: [Rounds.call(1, "Ghost", .wrong)]))
            #expect(try await store.stats(for: "Ghost", recent: 5) == nil)
        }
    }

    @Test(arguments: StoreKind.all)
    func concurrentSavesAllLandWithDistinctIds(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
                for number in 1...24 {
                    group.addTask {
                        try await store.save(
                            Rounds.round(
                                number, names: ["Ann", "Bob"], winner: "Bob", calls: [Rounds.call(0, "Ann", .wrong)],
                                log: Rounds.log(count: 512, seed: UInt64(number))))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(ids).count == 24)
            #expect(try await store.rounds(player: nil, before: nil, limit: 100).count == 24)
            let bob = try #require(try await store.stats(for: "bob", recent: 0))
            #expect(bob.roundsPlayed == 24 && bob.roundsWon == 24)
            #expect(try await store.stats(for: "ann", recent: 0)?.wrongCalls == 24)
        }
    }
}
