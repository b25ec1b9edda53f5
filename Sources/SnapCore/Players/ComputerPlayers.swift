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
    public var scheduled: Set<ComputerTimer> { Set(ComputerTimer.all.filter(pending.contains)) }
    /// The same, as a set of eight bits: nothing to allocate on a turn.
    private var pending = ComputerTimerSet()

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
        react(to: events, on: table, using: &generator, into: &commands)
        return commands
    }

    /// Decides what the computer players do after `events`, which brought the table to `table`, appending the
    /// commands to `commands` (a buffer the caller reuses: nothing is allocated on a turn).
    public mutating func react(
        to events: some Collection<TableEvent>,
        on table: Table,
        using generator: inout some RandomNumberGenerator,
        into commands: inout [ComputerCommand]
    ) {
        for event in events {
            switch event {
            case .cardTurned:
                // Calls still pending were about a table that no longer exists.
                cancel(into: &commands) { if case .call = $0 { true } else { false } }
                if table.hasMatch || Int.random(in: 0..<difficulty.falseCallOdds, using: &generator) == 0 {
                    for seat in Seat.clockwise {
                        guard let player = table[seat], player.info.isComputer, player.cardCount > 0 else { continue }
                        commands.append(schedule(.call(seat), within: difficulty.callDelay, using: &generator))
                    }
                }
            case .snapCalled(_, let verdict) where verdict.stopsTheTable:
                cancel(into: &commands) { if case .turn = $0 { true } else { false } }
            case .playerLeft(let seat, _):
                cancel(into: &commands) { $0 == .turn(seat) || $0 == .call(seat) }
            case .roundStarted, .roundWon, .roundAbandoned, .seatsRearranged:
                cancel(into: &commands) { _ in true }
            default:
                break
            }
        }
        // A computer player who is active and may turn schedules its turn (again, after a call).
        if table.phase == .playing, table.stop == nil, !table.hasTurned, let active = table.activeSeat,
            let player = table[active], player.info.isComputer, !player.closed.isEmpty,
            !pending.contains(.turn(active))
        {
            commands.append(schedule(.turn(active), within: difficulty.turnDelay, using: &generator))
        }
    }

    /// Notes that a timer fired and returns the action to perform.
    public mutating func fire(_ timer: ComputerTimer) -> TableAction {
        pending.remove(timer)
        return timer.action
    }

    private mutating func schedule(
        _ timer: ComputerTimer,
        within seconds: ClosedRange<Double>,
        using generator: inout some RandomNumberGenerator
    ) -> ComputerCommand {
        pending.insert(timer)
        let delay = Double.random(in: seconds, using: &generator)
        return .schedule(timer, after: .milliseconds(Int64((delay * 1000).rounded())))
    }

    /// Cancels the pending timers `shouldCancel` picks, in ``ComputerTimer/cancelOrder``.
    private mutating func cancel(into commands: inout [ComputerCommand], where shouldCancel: (ComputerTimer) -> Bool) {
        for timer in ComputerTimer.cancelOrder where pending.contains(timer) && shouldCancel(timer) {
            pending.remove(timer)
            commands.append(.cancel(timer))
        }
    }
}

extension ComputerTimer {
    /// Every timer there can be: a call and a turn for each seat.
    static let all: [ComputerTimer] = Seat.clockwise.map { .call($0) } + Seat.clockwise.map { .turn($0) }
    /// The order cancellations are given in: by name, as they always have been, so that a seed plays the same.
    static let cancelOrder: [ComputerTimer] = all.sorted { "\($0)" < "\($1)" }

    /// Its bit in a ``ComputerTimerSet``.
    var bit: UInt8 {
        switch self {
        case .call(let seat): 1 << seat.rawValue
        case .turn(let seat): 1 << (4 + seat.rawValue)
        }
    }
}

/// A set of computer timers in one byte.
struct ComputerTimerSet: Hashable, Sendable {
    private var bits: UInt8 = 0

    func contains(_ timer: ComputerTimer) -> Bool { bits & timer.bit != 0 }
    mutating func insert(_ timer: ComputerTimer) { bits |= timer.bit }
    mutating func remove(_ timer: ComputerTimer) { bits &= ~timer.bit }
}
