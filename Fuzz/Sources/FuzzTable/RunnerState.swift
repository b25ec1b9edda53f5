import SnapCore

/// Everything a runner shows of itself, to tell whether a refused action changed anything.
struct RunnerState: Equatable {
    /// A timer that is set.
    struct PendingTimer: Equatable {
        var deadline: Duration
        var timer: RunnerTimer
    }

    var table: Table
    var computers: ComputerPlayers
    var generator: SplitMix64
    var now: Duration
    var shownAt: Duration
    var judge: CallJudge?
    var allowances: [Seat: NetworkAllowance]
    var timers: [PendingTimer]

    /// The state of `runner`.
    init(_ runner: TableRunner<SplitMix64>) {
        table = runner.table
        computers = runner.computers
        generator = runner.generator
        now = runner.now
        shownAt = runner.shownAt
        judge = runner.judge
        allowances = runner.allowances
        timers = runner.pendingTimers.map { PendingTimer(deadline: $0.deadline, timer: $0.timer) }
    }
}
