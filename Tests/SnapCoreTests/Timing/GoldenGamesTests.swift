import Testing

@testable import SnapCore

/// The rules engine plays the same games it always has: every event of seeded computer-only rounds, at each size of
/// table and difficulty, quick rounds too, digested and compared with the digests recorded when these tests were
/// written (2026-11-28). A change to the engine's speed or its allocations must leave them all as they are; a
/// change to the rules changes them, and says so here.
@Suite struct GoldenGamesTests {
    struct Game: CustomTestStringConvertible, Sendable {
        let players: Int
        let seed: UInt64
        let difficulty: Difficulty
        let roundLength: RoundLength
        let digest: String

        var testDescription: String { "\(players) players, seed \(seed), \(difficulty), \(roundLength)" }
    }

    static let games: [Game] = [
        Game(players: 2, seed: 1, difficulty: .easy, roundLength: .classic, digest: "eaf95f0fbb66c28f"),
        Game(players: 3, seed: 7, difficulty: .normal, roundLength: .classic, digest: "e3943bcd4ab7514f"),
        Game(players: 4, seed: 1, difficulty: .normal, roundLength: .classic, digest: "247138cb5724bcf1"),
        Game(players: 4, seed: 42, difficulty: .hard, roundLength: .classic, digest: "aefdc227d62a3d96"),
        Game(players: 4, seed: 9, difficulty: .normal, roundLength: .quick(.seconds(180)), digest: "96d5393395b9755a"),
    ]

    @Test(arguments: games) func theSameSeedPlaysTheSameEvents(game: Game) {
        #expect(Self.digest(of: game) == game.digest)
    }

    /// Every event of five rounds, with the moment it happened, through FNV-1a.
    static func digest(of game: Game) -> String {
        var table = Table()
        table.settings.roundLength = game.roundLength
        for index in 0..<game.players {
            let name = Simulation.names[index]
            _ = try! table.join(PlayerInfo(id: PlayerID(name.lowercased()), name: name, isComputer: true))
        }
        var runner = TableRunner(table: table, difficulty: game.difficulty, generator: SplitMix64(seed: game.seed))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func note(_ events: [TableEvent]) {
            for event in events {
                // A dictionary's order differs from process to process: the deal's counts go in seat order.
                let text = if case .dealt(let counts) = event {
                    "dealt \(counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key)=\($0.value)" })"
                } else {
                    "\(event)"
                }
                for byte in "\(runner.now.components) \(text)\n".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
        }
        for _ in 0..<5 {
            note(try! runner.perform(.startRound(by: runner.table.host!)))
            var turns = 0
            while runner.table.phase.isRoundUnderWay, turns < 20_000, let events = runner.fireNextTimer() {
                note(events)
                turns += 1
            }
        }
        return String(hash, radix: 16)
    }
}
