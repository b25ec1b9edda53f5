/// Keeps the log of the round under way at a table, step by step, as its runner is driven; hands over the
/// finished round when it is won or abandoned.
///
/// The owner of the runner tells the recorder everything it does to it — each action performed, each move of
/// the timeline, each change of the allowances — right after doing it. Between rounds nothing is kept.
public struct RoundRecorder<Log: RoundLogBuilder>: Sendable {
    /// A round that has just ended, with what its record needs beyond the log.
    public struct FinishedRound: Sendable {
        /// The round's log, which replays it exactly.
        public var log: Log
        /// The round's number at the table.
        public var round: Int
        /// Who sat where once the round had started (seats are rearranged as a round starts).
        public var players: [Seat: PlayerInfo]
        /// The winner's seat; nil when the round was abandoned.
        public var winner: Seat?
        /// From the start of the round to its end, on the table's timeline.
        public var length: Duration
        /// Every call of "Snap!" and its verdict, in order.
        public var calls: [Call]
        /// The cards each seated player held at the end (face down and face up).
        public var cardsAtEnd: [Seat: Int]
        /// The code of the round's deal; nil for a round dealt without one.
        public var deal: DealCode?
    }

    /// A call of "Snap!" and how it was judged.
    public struct Call: Hashable, Sendable {
        /// Who called.
        public var seat: Seat
        /// How the call was judged.
        public var verdict: SnapVerdict
        /// When it was judged, from the start of the round.
        public var at: Duration
        /// The reaction credited to the call (the judged call only; see ``TableEvent/callTimed(_:reaction:margin:)``).
        public var reaction: Duration?
    }

    private struct Recording: Sendable {
        var log: Log
        var origin: Duration
        var players: [Seat: PlayerInfo]
        var calls: [Call] = []
        var lastAdvanceWasQuiet = false
        var lastWasAdvance = false
        var allowances: [Seat: NetworkAllowance]
    }

    private var recording: Recording?

    /// A recorder with no round under way.
    public init() {}

    /// Whether a round is being recorded.
    public var isRecording: Bool { recording != nil }

    /// The steps recorded so far in the round under way.
    public var stepCount: Int { recording?.log.stepCount ?? 0 }

    /// `runner` has performed `action`, which produced `events`; `start` is what
    /// ``RoundStart/init(before:on:)`` gave.
    /// Returns the round if it has just ended.
    public mutating func performed(
        _ action: TableAction, events: [TableEvent], runner: TableRunner<SplitMix64>, start: RoundStart?
    ) -> FinishedRound? {
        if let start, events.contains(where: { if case .roundStarted = $0 { true } else { false } }) {
            let table = runner.table
            recording = Recording(
                log: Log(start: start), origin: runner.now,
                players: Dictionary(uniqueKeysWithValues: table.occupiedSeats.map { ($0, table[$0]!.info) }),
                allowances: start.allowances)
        }
        guard recording != nil else { return nil }
        recording!.log.append(.perform(action))
        recording!.lastAdvanceWasQuiet = false
        recording!.lastWasAdvance = false
        return note(events, runner: runner)
    }

    /// `runner`'s timeline has moved to `time`, producing `events`. Returns the round if it has just ended.
    public mutating func advanced(
        to time: Duration, events: [TableEvent], runner: TableRunner<SplitMix64>
    ) -> FinishedRound? {
        guard var current = recording else { return nil }
        // The runner never goes back: asked for an earlier time, it stays where it is, and so must the log.
        let step = RoundStep.advance(to: runner.now - current.origin)
        // A move that fired nothing visible can be folded into the next one: the same timers fire in the same order.
        if current.lastAdvanceWasQuiet, current.lastWasAdvance {
            current.log.replaceLastAdvance(with: step)
        } else {
            current.log.append(step)
        }
        current.lastAdvanceWasQuiet = events.isEmpty
        current.lastWasAdvance = true
        recording = current
        return note(events, runner: runner)
    }

    /// The runner's allowances were set to `allowances`; recorded when they changed.
    public mutating func allowancesSet(_ allowances: [Seat: NetworkAllowance]) {
        guard let current = recording, current.allowances != allowances else { return }
        recording!.allowances = allowances
        recording!.log.append(.allowances(allowances))
        recording!.lastAdvanceWasQuiet = false
        recording!.lastWasAdvance = false
    }

    /// Forgets the round under way (the table closed before it ended).
    public mutating func discard() {
        recording = nil
    }

    private mutating func note(_ events: [TableEvent], runner: TableRunner<SplitMix64>) -> FinishedRound? {
        guard var current = recording else { return nil }
        let at = runner.now - current.origin
        var ended: Seat?? = nil
        for event in events {
            switch event {
            case .snapCalled(let seat, let verdict):
                current.calls.append(Call(seat: seat, verdict: verdict, at: at, reaction: nil))
            case .callTimed(let seat, let reaction, _):
                if let index = current.calls.lastIndex(where: { $0.seat == seat }) { current.calls[index].reaction = reaction }
            case .roundWon(let seat, _):
                ended = .some(seat)
            case .roundAbandoned:
                ended = .some(nil)
            default:
                break
            }
        }
        recording = current
        guard let winner = ended else { return nil }
        recording = nil
        let table = runner.table
        return FinishedRound(
            log: current.log, round: table.round, players: current.players, winner: winner, length: at, calls: current.calls,
            cardsAtEnd: Dictionary(uniqueKeysWithValues: table.occupiedSeats.map { ($0, table[$0]!.cardCount) }),
            deal: table.deal)
    }
}
