import SnapCore

/// The workload of `snap-bench engine`: the rules engine playing seeded computer-only rounds on virtual time,
/// timed on the wall clock.
///
/// The rounds are those of ``Simulation``, so the same options always play the same cards: only the timing
/// changes from run to run, and a counting run in another process plays exactly the rounds that were timed.
public struct EngineBenchmark: Sendable, Hashable {
    /// The rounds to measure.
    public var simulation: Simulation.Options
    /// Rounds played first, neither timed nor counted, so that the measured rounds start warm.
    public var warmUpRounds: Int

    /// A benchmark of the rounds `simulation` describes, after `warmUpRounds` untimed ones.
    public init(simulation: Simulation.Options, warmUpRounds: Int) {
        precondition(simulation.games >= 1, "at least one round to measure")
        precondition(warmUpRounds >= 0, "a warm-up cannot be negative")
        self.simulation = simulation
        self.warmUpRounds = warmUpRounds
    }

    /// The warm-up for `rounds` measured rounds unless told otherwise: a tenth of them, 1 to 50.
    public static func defaultWarmUp(forRounds rounds: Int) -> Int {
        min(50, max(1, rounds / 10))
    }

    /// Plays the warm-up, then the measured rounds on the wall clock.
    ///
    /// - Parameters:
    ///   - counter: when given, counts the allocations of the measured rounds alone (not of the warm-up).
    ///   - progress: told after each measured round how many are done.
    public func run(
        countingWith counter: AllocationCounter? = nil, progress: (Int) -> Void = { _ in }
    )
        -> EngineBenchmarkResult
    {
        if warmUpRounds > 0 {
            var warmUp = simulation
            warmUp.games = warmUpRounds
            _ = Simulation(warmUp).run()
        }
        let measured = Simulation(simulation)
        let clock = ContinuousClock()
        let started = clock.now
        let report: Simulation.Report
        var allocations: AllocationCount?
        var inPlay: AllocationCount?
        if let counter {
            // Play — from the end of each deal to the round's end — is counted apart: dealing is allowed to allocate.
            var played = AllocationCount.zero
            var dealt: AllocationCount?
            (report, allocations) = counter.counting {
                measured.run(progress: progress) { moment in
                    switch moment {
                    case .dealt: dealt = counter.counted()
                    case .ended:
                        if let start = dealt { played = played + (counter.counted() - start) }
                        dealt = nil
                    }
                }
            }
            inPlay = played
        } else {
            report = measured.run(progress: progress)
        }
        let wall = (clock.now - started).inSeconds
        return EngineBenchmarkResult(
            benchmark: self, report: report, wallSeconds: wall, allocations: allocations, allocationsInPlay: inPlay)
    }
}
