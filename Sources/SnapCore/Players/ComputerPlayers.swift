/// A computer player's timer: a card to turn or a call to make.
public enum ComputerTimer: Hashable, Sendable {
    /// The computer player in this seat turns its card.
    case turn(Seat)
    /// The computer player in this seat calls "Snap!".
    case call(Seat)

    /// The table action the timer performs when it fires.
    public var action: TableAction {
        switch self {
        case .turn(let seat): .turnCard(seat)
        case .call(let seat): .callSnap(seat)
        }
    }
}

/// What the computer players ask of whoever runs the table.
public enum ComputerCommand: Hashable, Sendable {
    /// Start a timer.
    case schedule(ComputerTimer, after: Duration)
    /// Cancel a timer if it has not fired.
    case cancel(ComputerTimer)
}

/// The decisions of every computer player at a table, as RULES.md describes them.
///
/// Pure: it watches the table's events and answers with timers to start or cancel; the runner keeps the
/// clock and performs ``ComputerTimer/action`` when a timer fires.
public struct ComputerPlayers: Hashable, Sendable {
    /// How quickly the computer players act.
    public var difficulty: Difficulty
    /// The timers started and not yet fired or cancelled.
    public private(set) var scheduled: Set<ComputerTimer> = []

    /// Computer players of the given difficulty.
    public init(difficulty: Difficulty = .normal) {
        self.difficulty = difficulty
    }

    /// Decides what the computer players do after `events`, which brought the table to `table`.
    public mutating func react(
        to events: [TableEvent],
        on table: Table,
        using generator: inout some RandomNumberGenerator
    ) -> [ComputerCommand] {
        var commands = [ComputerCommand]()
        for event in events {
            switch event {
            case .cardTurned:
                // Calls still pending were about a table that no longer exists.
                commands += cancel { if case .call = $0 { true } else { false } }
                let isMatch = !table.matchingSeats().isEmpty
                if isMatch || Int.random(in: 0..<difficulty.falseCallOdds, using: &generator) == 0 {
                    for seat in table.occupiedSeats {
                        guard let player = table[seat], player.info.isComputer, player.cardCount > 0 else { continue }
                        commands.append(schedule(.call(seat), within: difficulty.callDelay, using: &generator))
                    }
                }
            case .snapCalled(_, let verdict) where verdict != .tooLate:
                commands += cancel { if case .turn = $0 { true } else { false } }
            case .playerLeft(let seat, _):
                commands += cancel { $0 == .turn(seat) || $0 == .call(seat) }
            case .roundStarted, .roundWon, .roundAbandoned, .seatsRearranged:
                commands += cancel { _ in true }
            default:
                break
            }
        }
        // A computer player who is active and may turn schedules its turn (again, after a call).
        if table.phase == .playing, table.stop == nil, !table.hasTurned, let active = table.activeSeat,
            let player = table[active], player.info.isComputer, !player.closed.isEmpty,
            !scheduled.contains(.turn(active))
        {
            commands.append(schedule(.turn(active), within: difficulty.turnDelay, using: &generator))
        }
        return commands
    }

    /// Notes that a timer fired and returns the action to perform.
    public mutating func fire(_ timer: ComputerTimer) -> TableAction {
        scheduled.remove(timer)
        return timer.action
    }

    private mutating func schedule(
        _ timer: ComputerTimer,
        within seconds: ClosedRange<Double>,
        using generator: inout some RandomNumberGenerator
    ) -> ComputerCommand {
        scheduled.insert(timer)
        let delay = Double.random(in: seconds, using: &generator)
        return .schedule(timer, after: .milliseconds(Int64((delay * 1000).rounded())))
    }

    private mutating func cancel(where shouldCancel: (ComputerTimer) -> Bool) -> [ComputerCommand] {
        let cancelled = scheduled.filter(shouldCancel).sorted { "\($0)" < "\($1)" }
        for timer in cancelled { scheduled.remove(timer) }
        return cancelled.map { .cancel($0) }
    }
}
