import SnapCore
import Synchronization

/// The reactions scripted for one table's races, drawn in order from a seeded generator: the k-th card turned at
/// the table is the k-th race for both players, whenever it comes.
final class FairnessScript: Sendable {
    private struct Draws {
        var random: SplitMix64
        var drawn: [FairnessDraw] = []
    }

    private let gaps: [Int]
    private let signed: Bool
    private let draws: Mutex<Draws>

    /// The script for a table of `scenario`, seeded with `seed`.
    init(scenario: FairnessScenario, seed: UInt64) {
        gaps = scenario.gaps
        signed = scenario.cheat == nil && scenario.headStartMs == nil
        draws = Mutex(Draws(random: SplitMix64(seed: seed)))
    }

    /// The draw for race `index` (from 0).
    func draw(_ index: Int) -> FairnessDraw {
        draws.withLock { draws in
            while draws.drawn.count <= index {
                // A person's reaction: 150–300 ms for the faster player, the other slower by the drawn gap.
                let base = Duration.microseconds(Int64.random(in: 150_000...300_000, using: &draws.random))
                var gap = gaps.randomElement(using: &draws.random) ?? 0
                if signed, Bool.random(using: &draws.random) { gap = -gap }
                draws.drawn.append(FairnessDraw(base: base, gap: gap))
            }
            return draws.drawn[index]
        }
    }
}
