/// A store that keeps rounds in memory only: for tests, and for `--db :memory:` (nothing outlives the server).
public actor InMemoryGameStore: GameStore {
    private var stored: [RoundRecord] = []

    public init() {}

    public nonisolated var location: String { ":memory: (nothing is kept after the server stops)" }

    public func save(_ round: RoundRecord) throws(StoreError) -> Int64 {
        // Times are kept to the microsecond, as in the other stores.
        var round = round.storedPrecision
        round.id = Int64(stored.count + 1)
        stored.append(round)
        return round.id!
    }

    public func rounds(player: String?, deal: String?, before: Int64?, limit: Int) throws(StoreError) -> [RoundSummary] {
        stored.reversed()
            .filter { round in before.map { round.id! < $0 } ?? true }
            .filter { round in player.map { round.includes($0) } ?? true }
            .filter { round in deal.map { round.deal == $0 } ?? true }
            .prefix(max(0, limit))
            .map(\.summary)
    }

    public func round(id: Int64) throws(StoreError) -> RoundRecord? {
        stored.first { $0.id == id }
    }

    public func stats(for name: String, recent: Int) throws(StoreError) -> PlayerStats? {
        let played = stored.filter { $0.includes(name) }
        guard let latest = played.last else { return nil }
        let key = nameKey(name)
        let calls = played.flatMap(\.calls).filter { nameKey($0.name) == key }
        let reactions = calls.filter { $0.verdict == .correct }.compactMap(\.reactionMilliseconds)
        return PlayerStats(
            name: latest.players.first { nameKey($0.name) == key }!.name,
            roundsPlayed: played.count,
            roundsWon: played.filter { $0.winner.map(nameKey) == key }.count,
            correctCalls: calls.filter { $0.verdict == .correct }.count,
            wrongCalls: calls.filter { $0.verdict == .wrong }.count,
            lateCalls: calls.filter { $0.verdict == .tooLate }.count,
            falseStarts: calls.filter { $0.verdict == .falseStart }.count,
            medianReactionMilliseconds: PlayerStats.median(reactions),
            bestReactionMilliseconds: reactions.min(),
            recentRounds: played.reversed().prefix(max(0, recent)).map(\.summary))
    }

    public func close() {}
}

extension RoundRecord {
    /// Whether `name` (compared without regard to case) was seated when the round started.
    func includes(_ name: String) -> Bool {
        let key = nameKey(name)
        return players.contains { nameKey($0.name) == key }
    }
}
