import SnapClient
import SnapCore
import SnapProtocol
import Synchronization

/// How a bot plays, for the load and the soak benches alike: it turns its card on its turn after a person's delay,
/// calls Snap! on a match after a reaction time (and now and then on no match), and, while it is the table's host,
/// starts the next round a moment after one is won.
struct BotPlay: Sendable {
    /// What the bot tells its run as it goes. Every hook is optional.
    struct Hooks: Sendable {
        /// Just before the bot turns its card from `seat`.
        var turning: @Sendable (Seat) -> Void = { _ in }
        /// Just before the bot, player `id`, calls Snap!.
        var calling: @Sendable (PlayerID) -> Void = { _ in }
        /// A round was won at a table this bot hosts (so each round is told once).
        var roundWon: @Sendable () -> Void = {}
        /// The server refused a request with this code.
        var refused: @Sendable (UInt16) -> Void = { _ in }
        /// The connection dropped and the client is trying to get back in.
        var reconnecting: @Sendable () -> Void = {}
        /// The client is back in its seat after a drop.
        var reconnected: @Sendable () -> Void = {}
        /// Whether the bot may act now; a bot that is dropping its connection on purpose waits until it is back,
        /// since a request sent on the new connection before the server has it back in its seat would be refused.
        var mayAct: @Sendable () -> Bool = { true }
        /// Every update the client reports, before the bot acts on it (the failover bench reads the table from them).
        var seen: @Sendable (ClientUpdate) -> Void = { _ in }

        /// Nothing told.
        init() {}
    }

    /// The chance of calling on a turned card that matches nothing.
    var wrongCallChance: Double
    /// How long a host waits after a round is won before starting the next one.
    var nextRoundDelay: Duration

    /// Plays at `client`'s table until its updates end (the connection closed for good).
    func play(_ client: SnapClient, pace: BotPace, hooks: Hooks) async {
        let id = await client.id
        var pace = pace
        // Set while a turn is on its way; cleared when the card is seen turned, when the server refuses the turn,
        // or by the turn itself when, by the time it is due, the table no longer lets it be taken (a call
        // stopped play). Any of the three lets the bot try again, so a table can never stall.
        let turnPending = TurnInFlight()
        var callScheduled = false
        for await update in client.updates {
            hooks.seen(update)
            let view: PlayerView
            var turned = false
            switch update {
            case .table(let newView, let events):
                view = newView
                for event in events {
                    switch event {
                    case .cardTurned:
                        turned = true
                        turnPending.clear()
                        callScheduled = false
                    case .roundWon where newView.host != nil && newView.host == newView.viewer:
                        hooks.roundWon()
                        let delay = nextRoundDelay
                        Task {
                            try? await Task.sleep(for: delay)
                            guard hooks.mayAct() else { return }
                            await client.startRound()
                        }
                    default:
                        break
                    }
                }
            case .snapshot(let newView):
                view = newView
            case .refused(let code, _):
                hooks.refused(code)
                turnPending.clear()
                continue
            case .reconnecting:
                hooks.reconnecting()
                continue
            case .reconnected:
                hooks.reconnected()
                // A turn sent on the connection that dropped may never be answered (its node died with it): the
                // Snapshot that puts the bot back in its seat offers the turn again.
                turnPending.clear()
                callScheduled = false
                continue
            default:
                continue
            }
            if view.viewerCanTurn, turnPending.set() {
                let delay = pace.turnDelay()
                Task {
                    try? await Task.sleep(for: delay)
                    if await client.view?.viewerCanTurn != true {
                        turnPending.clear()
                        // The table may have become turnable again between the look and the clear, while the
                        // loop's offer was turned away: look once more, so that the bot cannot stall.
                        guard await client.view?.viewerCanTurn == true, turnPending.set() else { return }
                    }
                    // The Snapshot that puts it back in its seat offers the turn again.
                    guard hooks.mayAct() else { return turnPending.clear() }
                    if let seat = await client.view?.viewer { hooks.turning(seat) }
                    await client.turnCard()
                }
            }
            guard !callScheduled, view.viewerCanCall, view.stop == nil, let id else { continue }
            let match = !view.matchingSeats.isEmpty
            if match || (turned && pace.chance(wrongCallChance)) {
                callScheduled = true
                let delay = pace.reaction()
                Task {
                    try? await Task.sleep(for: delay)
                    guard hooks.mayAct() else { return }
                    hooks.calling(id)
                    await client.callSnap()
                }
            }
        }
    }
}

/// A bot's mark that its turn is on its way, shared between its loop and the task that turns later.
private final class TurnInFlight: Sendable {
    private let raised = Atomic(false)

    /// Raises the flag; false if it was already up.
    func set() -> Bool { raised.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged }

    /// Lowers it.
    func clear() { raised.store(false, ordering: .relaxed) }
}
