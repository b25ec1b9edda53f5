import SnapCore

/// When each chunk of one direction of a proxied connection is delivered: at its arrival plus the link's delay
/// plus a jitter drawn from the injected generator — but never before the chunk ahead of it, so that bytes are
/// never reordered.
public struct DelayProxySchedule: Sendable {
    /// The delay and jitter applied.
    public let link: DelayProxyLink
    private var random: SplitMix64
    private var last: ContinuousClock.Instant?

    /// A schedule for `link`, drawing its jitter from `random`.
    public init(link: DelayProxyLink, random: SplitMix64) {
        self.link = link
        self.random = random
    }

    /// When a chunk that arrived at `arrival` is due: max(the previous chunk's due time, arrival + delay ± jitter),
    /// and never before `arrival`.
    public mutating func due(arrivingAt arrival: ContinuousClock.Instant) -> ContinuousClock.Instant {
        var held = link.delay
        if link.jitter > .zero {
            let jitter = link.jitter.nanoseconds
            held += .nanoseconds(Int64.random(in: -jitter...jitter, using: &random))
        }
        let due = max(arrival + max(.zero, held), last ?? arrival)
        last = due
        return due
    }

    /// When a close that arrived at `arrival` is due: after the delay and after every chunk ahead of it.
    public mutating func closeDue(arrivingAt arrival: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let due = max(arrival + link.delay, last ?? arrival)
        last = due
        return due
    }
}
