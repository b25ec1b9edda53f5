import SnapCore

/// A table run by a fuzzed script of steps, checked after every step: all 52 cards, each once; a refused action
/// changes nothing; a round under way is never stuck; a mirror kept from the events alone, as a client keeps it,
/// equals the table's view.
struct TableFuzzRun {
    /// The runner being fuzzed.
    private(set) var runner: TableRunner<SplitMix64>
    /// Each seated player's view, kept up to date from the events, as a client keeps it.
    private var mirrors: [PlayerID: PlayerView] = [:]
    /// The view of someone watching, kept the same way.
    private var watcher: PlayerView
    /// The steps taken so far, for the report of a failure.
    private var steps = 0

    /// A runner set up by the script's first bytes: the seed of every shuffle and computer decision, then how
    /// calls are judged, how fast computer players are, the game's speed and whether rounds are quick and timed.
    init(from input: inout FuzzInput) {
        let seed = input.uint64()
        let options = input.byte()
        var table = Table()
        if options & 0b1 != 0 { table.settings = .standard }
        runner = TableRunner(
            table: table,
            difficulty: Difficulty.allCases[Int(options >> 1) % Difficulty.allCases.count],
            speed: [1, 2, 4][Int(options >> 3) % 3],
            judging: options & 0b10_0000 != 0 ? .arrival : .standard,
            generator: SplitMix64(seed: seed))
        watcher = table.view(for: nil)
    }

    /// Takes one step and checks the invariants.
    mutating func take(_ step: FuzzStep) {
        steps += 1
        switch step {
        case .perform(let action):
            let before = runner
            do {
                apply(try runner.perform(action), after: step)
            } catch {
                check(
                    RunnerState(runner) == RunnerState(before), "\(step) was refused (\(error)) but changed the runner")
            }
        case .setAllowance(let seat, let allowance):
            runner.allowances[seat] = allowance
        case .fireNextTimer:
            apply(runner.fireNextTimer() ?? [], after: step)
        case .wait(let duration):
            apply(runner.advance(to: runner.now + duration), after: step)
        }
        checkInvariants(after: step)
    }

    /// Brings the mirrors up to date with `events` and checks the watcher's against the table. A step with no events
    /// is not checked here: a refusal is checked by itself, and a change that came with no event shows at the next
    /// step that has some, or at the end.
    private mutating func apply(_ events: [TableEvent], after step: FuzzStep) {
        guard !events.isEmpty else { return }
        let table = runner.table
        watcher.apply(events)
        check(watcher == table.view(for: nil), "after \(step) a watcher's mirror differs from the table")
        for id in mirrors.keys {
            if table.seat(of: id) == nil {
                mirrors[id] = nil
            } else {
                mirrors[id]!.apply(events)
            }
        }
        // A newcomer starts from a whole view, as the server sends a snapshot.
        for case .playerJoined(let seat, let info) in events where mirrors[info.id] == nil {
            mirrors[info.id] = table.view(for: seat)
        }
    }

    private func checkInvariants(after step: FuzzStep) {
        let table = runner.table
        check(table.cardsAccountedFor, "after \(step) the table does not hold the 52 cards once each")
        guard table.phase.isRoundUnderWay else {
            check(table.pendingStep == nil, "after \(step) a step is pending between rounds")
            return
        }
        if table.phase == .playing, table.stop == nil {
            let holders = table.players.count { ($0?.cardCount ?? 0) > 0 }
            check(holders >= 2, "after \(step) the round goes on with one player holding every card")
        }
        check(runner.nextDeadline != nil || someoneCanTurn, "after \(step) the round is stuck")
    }

    /// Checks every mirror against the table at the end of the script. Each player's mirror sees the events the
    /// watcher's does and adds where that player sits after seats are rearranged, so once at the end is enough.
    func checkMirrors() {
        let table = runner.table
        check(watcher == table.view(for: nil), "at the end a watcher's mirror differs from the table")
        for (id, mirror) in mirrors {
            check(mirror == table.view(for: table.seat(of: id)), "at the end \(id)'s mirror differs from their view")
        }
    }

    /// Whether some player could turn a card now (tried on a copy).
    private var someoneCanTurn: Bool {
        runner.table.occupiedSeats.contains { seat in
            var copy = runner
            return (try? copy.perform(.turnCard(seat))) != nil
        }
    }

    private func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
        guard !condition else { return }
        fatalError("step \(steps): \(problem())\n\(runner.table)")
    }
}
