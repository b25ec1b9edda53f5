import SnapClient
import SnapCore
import Synchronization

/// One table of the failover bench, as its two bots see it: the cards turned in its round, what each bot had seen
/// when its connection to the dying node dropped, when each got back to its seat, and the first card turned after.
final class FailoverTable: Sendable {
    /// The table's code.
    let code: String
    /// Its two bots: the host first.
    let bots: [SnapClient]

    private struct State {
        var counts: [FailoverRoundCount]
        var killedAt: ContinuousClock.Instant?
        var seenAtDrop: [FailoverRoundCount?]
        var seats: [Seat?]
        var backInSeat: [Bool]
        var resumedAfter: Duration?
        var cardsAfter: Int?
    }

    private let state: Mutex<State>

    init(code: String, bots: [SnapClient], seats: [Seat]) {
        self.code = code
        self.bots = bots
        state = Mutex(
            State(
                counts: Array(repeating: FailoverRoundCount(round: 0, turned: 0), count: bots.count),
                seenAtDrop: Array(repeating: nil, count: bots.count), seats: seats,
                backInSeat: Array(repeating: false, count: bots.count)))
    }

    /// Takes in an update that bot number `bot` received.
    func seen(_ update: ClientUpdate, bot: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            switch update {
            case .table(let view, let events):
                state.counts[bot].add(events)
                let turned = events.contains { if case .cardTurned = $0 { true } else { false } }
                if turned, let killedAt = state.killedAt, state.backInSeat[bot], state.resumedAfter == nil {
                    state.resumedAfter = now - killedAt
                    state.cardsAfter = view.cardCount
                }
            case .snapshot(let view) where state.killedAt != nil && state.seenAtDrop[bot] != nil:
                state.backInSeat[bot] = view.viewer == state.seats[bot]
            case .reconnecting where state.killedAt != nil && state.seenAtDrop[bot] == nil:
                state.seenAtDrop[bot] = state.counts[bot]
            default:
                break
            }
        }
    }

    /// Marks the moment the table's node is killed: what the bots see from now on tells of the failover.
    func markKilled(at instant: ContinuousClock.Instant) {
        state.withLock { $0.killedAt = instant }
    }

    /// The cards turned in the round so far, as the bot who has seen most saw them.
    var turnedSoFar: FailoverRoundCount {
        state.withLock { $0.counts.max() ?? FailoverRoundCount(round: 0, turned: 0) }
    }

    /// What the bots had seen turned (acknowledged by the node) when their connections to it dropped.
    var seenBeforeKill: FailoverRoundCount {
        state.withLock { state in
            state.seenAtDrop.compactMap { $0 }.max() ?? state.counts.max() ?? FailoverRoundCount(round: 0, turned: 0)
        }
    }

    /// How many of the bots are back in their own seats since the kill.
    var botsBack: Int { state.withLock { $0.backInSeat.count { $0 } } }

    /// From the kill to the first card a bot back in its seat saw turned; nil until then.
    var resumedAfter: Duration? { state.withLock { $0.resumedAfter } }

    /// The cards at the table (in a bot's view) when it was first seen playing again.
    var cardsAfter: Int? { state.withLock { $0.cardsAfter } }
}
