import SnapCore
import SnapProtocol
import Synchronization

/// One table of `snap-bench fairness`: two players, each behind its own delay proxy, racing on every card turned.
/// Keeps each race's script, calls and verdict, hands finished races to the collector, and lets the active
/// player turn the next card only once the last race is over — every call sent or given up, and long enough
/// for the last one to have reached the server — so that no call can land on the wrong card.
final class FairnessTable: Sendable {
    /// A race under way.
    private struct Race {
        var drawnAt: [ContinuousClock.Instant?] = [nil, nil]
        var sentAt: [ContinuousClock.Instant?] = [nil, nil]
        var actual: [Duration?] = [nil, nil]
        /// Sent, or given up because the verdict came first.
        var settled = [false, false]
        var verdictSeen = [false, false]
        var winner: Int?
        var correct = false
        var margin: Duration?
        var falseStarts = [false, false]

        /// Whether either player's call went out (a false start is a call that went out too).
        var anyCall: Bool { sentAt.contains { $0 != nil } }
    }

    private struct State {
        var races: [Int: Race] = [:]
        /// Each player's latest race: the number of cards it has seen turned, less one.
        var latest = [-1, -1]
        /// Races below this were handed to the collector.
        var handedOver = 0
        var playerOfID: [PlayerID: Int] = [:]
        var playerOfSeat: [Seat: Int] = [:]
    }

    /// The table's number within its scenario and mode.
    let index: Int
    /// What is played.
    let scenario: FairnessScenario
    /// Where finished races go.
    let collector: FairnessCollector
    private let script: FairnessScript
    private let state = Mutex(State())

    /// How long after a card the table gives up on a race nobody won, and lets the next card be turned.
    static let voidAfter = Duration.seconds(3)
    /// Room for a call to cross loopback and the server's loop, on top of the proxy's longest hold.
    static let callSafety = Duration.milliseconds(20)

    /// Table `index` of `scenario`; its script is drawn from `seed`.
    init(index: Int, scenario: FairnessScenario, seed: UInt64, collector: FairnessCollector) {
        self.index = index
        self.scenario = scenario
        self.collector = collector
        script = FairnessScript(scenario: scenario, seed: seed)
    }

    /// Says who is who, once both players are seated.
    func seat(_ player: Int, id: PlayerID, seat: Seat) {
        state.withLock { state in
            state.playerOfID[id] = player
            state.playerOfSeat[seat] = player
        }
    }

    /// `player` saw a card turned at `instant`: a new race. Returns its number and how long the player is
    /// scripted to take. The race before it is over, and goes to the collector.
    func drawn(by player: Int, at instant: ContinuousClock.Instant) -> (race: Int, reaction: Duration) {
        let race = state.withLock { state in
            state.latest[player] += 1
            let race = state.latest[player]
            state.races[race, default: Race()].drawnAt[player] = instant
            while state.handedOver < race {
                hand(over: state.handedOver, from: &state)
                state.handedOver += 1
            }
            return race
        }
        return (race, script.draw(race).reaction(of: player))
    }

    private func hand(over number: Int, from state: inout State) {
        guard let race = state.races.removeValue(forKey: number) else { return }
        guard let winner = race.winner else {
            // A card nobody called on (no match, where the players call only on one) was no race.
            if race.anyCall { collector.void() }
            return
        }
        collector.add(FairnessRace(
            table: index, index: number, gap: script.draw(number).gap, winner: winner, correct: race.correct,
            sentAt: race.sentAt, actual: race.actual, margin: race.margin, falseStarts: race.falseStarts))
    }

    /// `player` is about to call in `race`, having taken `actual`: true if it still may (it has not seen the
    /// verdict), and the call is then counted as sent at `instant`.
    func mayCall(_ player: Int, in race: Int, took actual: Duration, at instant: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard var entry = state.races[race], !entry.verdictSeen[player], !entry.settled[player] else { return false }
            entry.sentAt[player] = instant
            entry.actual[player] = actual
            entry.settled[player] = true
            state.races[race] = entry
            return true
        }
    }

    /// `player` will not call in `race`.
    func gaveUp(_ player: Int, in race: Int) {
        state.withLock { state in state.races[race]?.settled[player] = true }
    }

    /// The server refused `player`'s call in its latest race (its rate limit): the call never counted.
    func callRefused(_ player: Int) {
        state.withLock { state in
            let race = state.latest[player]
            state.races[race]?.sentAt[player] = nil
            state.races[race]?.actual[player] = nil
        }
    }

    /// `player` saw `caller`'s call in its latest race judged a false start: not a verdict on the race, which goes on.
    func falseStart(seenBy player: Int, caller: PlayerID) {
        state.withLock { state in
            guard let caller = state.playerOfID[caller] else { return }
            state.races[state.latest[player]]?.falseStarts[caller] = true
        }
    }

    /// `player` saw the verdict of a judged call by `caller` in its latest race.
    func verdict(seenBy player: Int, caller: PlayerID, correct: Bool) {
        verdict(seenBy: player, winner: state.withLock { $0.playerOfID[caller] }, correct: correct)
    }

    /// `player` saw the verdict of the judged call by `seat` (SnapJudged, protocol version 10).
    func verdict(seenBy player: Int, seat: Seat, correct: Bool) {
        verdict(seenBy: player, winner: state.withLock { $0.playerOfSeat[seat] }, correct: correct)
    }

    private func verdict(seenBy player: Int, winner: Int?, correct: Bool) {
        state.withLock { state in
            let race = state.latest[player]
            guard var entry = state.races[race] else { return }
            entry.verdictSeen[player] = true
            // A player that has not called by now never will: the verdict is out.
            entry.settled[player] = true
            if entry.winner == nil, let winner {
                entry.winner = winner
                entry.correct = correct
            }
            state.races[race] = entry
        }
    }

    /// `player` was told the margin of the judged call by `seat` in its latest race.
    func margin(seenBy player: Int, seat: Seat, margin: Duration?) {
        state.withLock { state in
            let race = state.latest[player]
            guard let caller = state.playerOfSeat[seat], state.races[race]?.winner == caller else { return }
            state.races[race]?.margin = margin
        }
    }

    /// How long `player` must wait before turning the next card (nil: it may now).
    func turnWait(for player: Int) -> Duration? {
        let now = ContinuousClock.now
        return state.withLock { state -> Duration? in
            let number = state.latest.max() ?? -1
            guard number >= 0, let race = state.races[number] else { return nil }
            let drawn = race.drawnAt.compactMap { $0 }.min() ?? now
            if now - drawn > Self.voidAfter { return nil }
            // Nobody called (no match showed, where the players call only on one): nothing to wait for.
            if race.winner == nil, race.settled.allSatisfy({ $0 }), !race.anyCall { return nil }
            guard race.winner != nil, race.settled.allSatisfy({ $0 }) else { return .milliseconds(10) }
            var clear = now
            for player in 0..<2 {
                if let sent = race.sentAt[player] {
                    clear = max(clear, sent + scenario.networks[player].longest + Self.callSafety)
                }
            }
            return clear > now ? clear - now : nil
        }
    }
}
