/// Collects the calls of "Snap!" made on one card and ranks them by reaction time.
///
/// Pure: the caller says when the card was shown, when each call arrived and what each player's network
/// allows (``NetworkAllowance``). The judge credits each call with a reaction time — the claimed one,
/// clamped to what is physically possible and to the bound, or the judge's own estimate — and says how long
/// to wait before the fastest call so far can no longer be beaten (``deadline(now:others:headStarts:)``). A seat's
/// head start (RULES.md) is taken off its reaction when calls are ranked.
public struct CallJudge: Hashable, Sendable {
    /// A call waiting for the verdict.
    public struct Call: Hashable, Sendable {
        /// Who called.
        public var seat: Seat
        /// When the call reached the table.
        public var arrival: Duration
        /// The reaction time the call is credited with.
        public var reaction: Duration
        /// The caller's head start.
        public var headStart: Duration = .zero
        /// The most network time the judge could take off this call (the caller's allowance, within the bound).
        public var allowance: Duration = .zero

        /// What the call is ranked by: its reaction less the caller's head start (below zero when the head start
        /// is the larger).
        public var ranking: Duration { reaction - headStart }
    }

    /// When the card the calls are about was shown (sent to every player).
    public let shownAt: Duration
    /// The most network time taken off any call.
    public let maximumCompensation: Duration
    /// The calls so far, in arrival order.
    public private(set) var calls: [Call] = []

    /// A judge for the card shown at `shownAt`.
    public init(shownAt: Duration, maximumCompensation: Duration) {
        self.shownAt = shownAt
        self.maximumCompensation = maximumCompensation
    }

    /// A judge for the card shown at `shownAt` that keeps its calls in `storage` (emptied first): the buffer of an
    /// earlier judge, handed on so that judging allocates nothing.
    init(shownAt: Duration, maximumCompensation: Duration, storage: consuming [Call]) {
        self.init(shownAt: shownAt, maximumCompensation: maximumCompensation)
        storage.removeAll(keepingCapacity: true)
        calls = storage
    }

    /// Gives up the calls' buffer, for the next judge (``init(shownAt:maximumCompensation:storage:)``).
    consuming func takeStorage() -> [Call] {
        calls
    }

    /// The reaction time to credit a call with.
    ///
    /// The network can account for at most `allowance.most` (and never more than `maximumCompensation`) of the
    /// time from showing the card to receiving the call, so a claim is raised to at least `elapsed − that`; a
    /// reaction can never be longer than `elapsed`. Without a claim, the typical round trip is taken off.
    public static func credit(
        elapsed: Duration, claim: Duration?, allowance: NetworkAllowance, maximumCompensation: Duration
    ) -> Duration {
        let elapsed = max(.zero, elapsed)
        let most = min(allowance.most, maximumCompensation)
        let fastest = max(.zero, elapsed - most)
        guard let claim else { return max(fastest, elapsed - min(allowance.typical, most)) }
        return min(elapsed, max(fastest, claim))
    }

    /// Adds a call that arrived at `arrival`, claiming `claim`, from a player with `allowance` and `headStart`;
    /// returns the reaction time it is credited with (before the head start).
    @discardableResult
    public mutating func add(
        seat: Seat, arrival: Duration, claim: Duration?, allowance: NetworkAllowance, headStart: Duration = .zero
    ) -> Duration {
        let reaction = Self.credit(
            elapsed: arrival - shownAt, claim: claim, allowance: allowance, maximumCompensation: maximumCompensation)
        calls.append(
            Call(
                seat: seat, arrival: arrival, reaction: reaction, headStart: headStart,
                allowance: min(allowance.most, maximumCompensation)))
        return reaction
    }

    /// The calls fastest first, head starts taken off. Of two that rank the same, the larger head start goes first
    /// (RULES.md: a head start of 200 ms beats a player up to 200 ms quicker), then the first to arrive.
    public var ranked: [Call] {
        var ranked = [Call]()
        rank(into: &ranked)
        return ranked
    }

    /// Puts the calls, fastest first (as ``ranked``), in `ranked` — a buffer the caller keeps: at most a call a
    /// seat, ranked by insertion in place.
    func rank(into ranked: inout [Call]) {
        ranked.removeAll(keepingCapacity: true)
        ranked.append(contentsOf: calls)
        // Arrival order breaks ties: a stable sort of the calls as they came.
        for index in ranked.indices.dropFirst() {
            let call = ranked[index]
            var place = index
            while place > 0, Self.ranksBefore(call, ranked[place - 1]) {
                ranked[place] = ranked[place - 1]
                place -= 1
            }
            ranked[place] = call
        }
    }

    /// Whether `a` ranks strictly before `b`: a smaller ranking, or the same with a larger head start.
    private static func ranksBefore(_ a: Call, _ b: Call) -> Bool {
        (a.ranking, .zero - a.headStart) < (b.ranking, .zero - b.headStart)
    }

    /// The best ranking so far: the fastest reaction, head starts taken off.
    public var fastest: Duration? { calls.lazy.map(\.ranking).min() }

    /// By how much `call` beat the next call of another player, head starts taken off, if there was one.
    public func margin(of call: Call) -> Duration? {
        margin(of: call, among: ranked)
    }

    /// ``margin(of:)``, with the calls already ranked (``rank(into:)``).
    func margin(of call: Call, among ranked: [Call]) -> Duration? {
        ranked.first { $0.seat != call.seat && $0.ranking >= call.ranking }.map { $0.ranking - call.ranking }
    }

    /// The photo finish of `judged` (calls of this judge, fastest first) when the first beat the second by less
    /// than ``PhotoFinish/closeMargin``; nil when it won clearly or alone.
    public func photoFinish(of judged: [Call]) -> PhotoFinish? {
        guard judged.count > 1 else { return nil }
        let finish = PhotoFinish(
            entries: judged.map {
                PhotoFinish.Entry(
                    seat: $0.seat, elapsed: $0.arrival - shownAt, reaction: $0.reaction, allowance: $0.allowance,
                    headStart: $0.headStart)
            })
        guard let margin = finish.margin, margin < PhotoFinish.closeMargin else { return nil }
        return finish
    }

    /// When the verdict can be given: the moment after which none of `others` — the players who have not
    /// called but still could, with their allowances and `headStarts` — could arrive with a better ranking than
    /// the best so far. Never before `now`.
    public func deadline(
        now: Duration, others: [Seat: NetworkAllowance], headStarts: [Seat: Duration] = [:]
    ) -> Duration {
        deadline(now: now, others: others.lazy.map { (seat: $0.key, allowance: $0.value) }, headStarts: headStarts)
    }

    /// ``deadline(now:others:headStarts:)`` for the players in `others`, each with their allowance, in any order.
    func deadline(
        now: Duration, others: some Sequence<(seat: Seat, allowance: NetworkAllowance)>, headStarts: [Seat: Duration]
    ) -> Duration {
        guard let fastest else { return now }
        var deadline = now
        for (seat, allowance) in others where !calls.contains(where: { $0.seat == seat }) {
            // A call from `seat` arriving at t ranks at no less than t − shownAt − its allowance − its head start.
            let headStart = headStarts[seat] ?? .zero
            deadline = max(deadline, shownAt + fastest + min(allowance.most, maximumCompensation) + headStart)
        }
        return deadline
    }
}
