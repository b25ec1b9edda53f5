import SnapNetworkTools

/// What one table's proxies saw, boiled down to when calls reached the server and when verdicts left it — the
/// server's side of a race, measured on the wire rather than guessed from round trips.
struct FairnessProxyLog: Sendable {
    /// Per player: each chunk carrying a call, as (read by the proxy, written to the server).
    private let calls: [[(arrival: ContinuousClock.Instant, delivered: ContinuousClock.Instant)]]
    /// When the proxies read a verdict from the server, all players together, in order.
    private let verdicts: [ContinuousClock.Instant]

    /// The log of `proxies`, player 0's first.
    init(_ proxies: [DelayProxy]) {
        calls = proxies.map { proxy in
            proxy.chunks.filter { $0.direction == .toTarget && FairnessWire.carriesCall($0.bytes) }
                .map { ($0.arrival, $0.delivered) }.sorted { $0.arrival < $1.arrival }
        }
        verdicts = proxies.flatMap { proxy in
            proxy.chunks.filter { $0.direction == .toClient && FairnessWire.carriesVerdict($0.bytes) }.map(\.arrival)
        }.sorted()
    }

    /// From the first of `race`'s calls reaching the server to its verdict leaving it (nil: not found).
    func verdictDelay(of race: FairnessRace) -> Duration? {
        var firstCall: ContinuousClock.Instant?
        for (player, sent) in race.sentAt.enumerated() {
            guard let sent, player < calls.count else { continue }
            // The call is the first that player's proxy read after the player sent it.
            guard let call = calls[player].first(where: { $0.arrival >= sent }) else { continue }
            firstCall = min(firstCall ?? call.delivered, call.delivered)
        }
        guard let firstCall, let verdict = verdicts.first(where: { $0 >= firstCall }) else { return nil }
        return verdict - firstCall
    }
}
