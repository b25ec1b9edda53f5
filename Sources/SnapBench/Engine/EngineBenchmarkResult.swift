import SnapCore

/// What one run of an ``EngineBenchmark`` measured, and the rates that follow.
public struct EngineBenchmarkResult: Sendable, Hashable {
    /// What was run.
    public var benchmark: EngineBenchmark
    /// What happened in the measured rounds.
    public var report: Simulation.Report
    /// Wall-clock seconds the measured rounds took.
    public var wallSeconds: Double
    /// What the measured rounds allocated, when that was counted.
    public var allocations: AllocationCount?
    /// Of that, what play allocated — from the end of each round's deal to the round's end — when counted.
    public var allocationsInPlay: AllocationCount?

    /// A result from its parts.
    public init(
        benchmark: EngineBenchmark, report: Simulation.Report, wallSeconds: Double, allocations: AllocationCount?,
        allocationsInPlay: AllocationCount? = nil
    ) {
        self.benchmark = benchmark
        self.report = report
        self.wallSeconds = wallSeconds
        self.allocations = allocations
        self.allocationsInPlay = allocationsInPlay
    }

    /// Rounds played: finished, stopped at the turn cap, or stuck.
    public var rounds: Int { report.roundsFinished + report.roundsCapped + report.roundsStuck }

    /// "Snap!" calls of every kind: correct, wrong and too late.
    public var calls: Int { report.callsCorrect + report.callsWrong + report.callsTooLate }

    /// Cards turned per wall-clock second.
    public var turnsPerSecond: Double { perSecond(report.turns) }

    /// "Snap!" calls per wall-clock second.
    public var callsPerSecond: Double { perSecond(calls) }

    /// Rounds per wall-clock second.
    public var roundsPerSecond: Double { perSecond(rounds) }

    /// Heap allocations per card turned, when they were counted.
    public var allocationsPerTurn: Double? {
        allocations.flatMap { report.turns > 0 ? Double($0.allocations) / Double(report.turns) : nil }
    }

    /// Bytes asked of the heap per card turned, when they were counted.
    public var allocatedBytesPerTurn: Double? {
        allocations.flatMap { report.turns > 0 ? Double($0.bytes) / Double(report.turns) : nil }
    }

    private func perSecond(_ count: Int) -> Double {
        wallSeconds > 0 ? Double(count) / wallSeconds : 0
    }
}
