import SnapCore
import SnapProtocol
import SnapStore

/// The round under way at one table, step by step, while the server keeps rounds, and each round it finishes handed
/// to the archive. On a server that keeps none it does nothing.
struct TableRecording {
    /// Kept apart from the table's own storage: a recorder is a few hundred bytes that a server keeping no rounds
    /// would otherwise hold at every table. Owned by one table, never shared.
    private final class Recorder {
        var recorder: RoundRecorder<EncodedRoundLog>

        init(_ recorder: RoundRecorder<EncodedRoundLog>) {
            self.recorder = recorder
        }
    }

    private let recorder: Recorder?
    /// When the round being recorded started, in server time.
    private var startedAt: Duration = .zero
    private let code: String
    private let environment: ServerEnvironment

    /// The recording of table `code` with `recorder` (nil: the server keeps no rounds).
    init(code: String, recorder: RoundRecorder<EncodedRoundLog>?, environment: ServerEnvironment) {
        self.code = code
        self.recorder = recorder.map(Recorder.init)
        self.environment = environment
    }

    /// A new table's: an empty recorder when the server keeps rounds.
    init(code: String, environment: ServerEnvironment) {
        self.init(code: code, recorder: environment.archive == nil ? nil : RoundRecorder(), environment: environment)
    }

    /// Whether rounds are recorded.
    var isOn: Bool { recorder != nil }

    /// The runner's allowances were set.
    mutating func allowancesSet(_ allowances: [Seat: NetworkAllowance]) {
        recorder?.recorder.allowancesSet(allowances)
    }

    /// The runner performed `action`; `start` is the table just before it when it starts a round.
    mutating func performed(
        _ action: TableAction, events: [TableEvent], runner: TableRunner<SplitMix64>, start: RoundStart?
    ) {
        if start != nil { startedAt = environment.clock.now }
        keep(recorder?.recorder.performed(action, events: events, runner: runner, start: start))
    }

    /// The runner's timeline moved to `time`.
    mutating func advanced(to time: Duration, events: [TableEvent], runner: TableRunner<SplitMix64>) {
        keep(recorder?.recorder.advanced(to: time, events: events, runner: runner))
    }

    /// Hands a round that has just ended to the archive, as the store keeps it.
    private func keep(_ finished: RoundRecorder<EncodedRoundLog>.FinishedRound?) {
        guard let finished, let archive = environment.archive else { return }
        let clock = environment.clock
        archive.keep(RoundRecord(finished, table: code, startedAt: clock.date(at: startedAt), endedAt: clock.date(at: clock.now)))
    }
}
