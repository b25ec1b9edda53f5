/// Where finished rounds are kept: the history, the replays and every name's record.
///
/// Three implementations share one test suite: ``InMemoryGameStore`` (tests, `--db :memory:`), SQLite (the
/// default, a file) and PostgreSQL (a shared or long-lived server).
public protocol GameStore: Sendable {
    /// Keeps a finished round; returns its id.
    func save(_ round: RoundRecord) async throws(StoreError) -> Int64

    /// The most recent rounds, newest first: at most `limit`, with an id below `before` when given (the next
    /// page), only those `player` played in when given (the name compared without regard to case), and only those
    /// dealt from `deal` when given (a code as it is shown, "K7M3-Q2PX").
    func rounds(player: String?, deal: String?, before: Int64?, limit: Int) async throws(StoreError) -> [RoundSummary]

    /// The round with this id, log included; nil when there is none.
    func round(id: Int64) async throws(StoreError) -> RoundRecord?

    /// The record of the name (compared without regard to case), with its `recent` latest rounds; nil when the
    /// name never played a stored round.
    func stats(for name: String, recent: Int) async throws(StoreError) -> PlayerStats?

    /// A short description for people: where the rounds are kept ("/home/ann/.local/share/snap/snap.sqlite").
    var location: String { get }

    /// Closes the connection or file; nothing may be asked of the store afterwards.
    func close() async
}

extension GameStore {
    /// The most recent rounds, newest first, of any deal (see ``rounds(player:deal:before:limit:)``).
    public func rounds(player: String?, before: Int64?, limit: Int) async throws(StoreError) -> [RoundSummary] {
        try await rounds(player: player, deal: nil, before: before, limit: limit)
    }
}
