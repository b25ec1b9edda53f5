/// Runs a ``Table`` and its ``ComputerPlayers`` on a timeline that the caller moves forward.
///
/// The runner holds no clock: ``now`` only changes when the caller says so with ``advance(to:)``. The
/// single-player terminal game and the server move it with the real clock; the simulation and the tests
/// jump straight to ``nextDeadline``. Every delay of the game is divided by ``speed``.
///
/// The runner also judges calls of "Snap!" by its ``judging`` rule. By reaction time, the first call on a card
/// stops the table (turns are refused, timers held) for as long as another player could still, with their
/// ``allowances``, prove a faster reaction; then the fastest call is judged and the others are too late. That
/// wait is network time: it is never divided by ``speed``.
///
/// By reaction time, a call on a match credited with a reaction under ``falseStartFloor`` — counted from when the
/// match first stood, not from the latest card — is a false start (RULES.md): the table settles it at once
/// (``Table/falseStart(by:)``), and it neither enters the race nor holds anyone's verdict.
public struct TableRunner<Random: RandomNumberGenerator & Sendable>: Sendable {
    /// A timer on the runner's timeline.
    public typealias Timer = RunnerTimer
    private typealias Entry = RunnerTimerEntry

    /// The table being run.
    public private(set) var table: Table
    /// The computer players' decisions.
    public private(set) var computers: ComputerPlayers
    /// The runner's random source: shuffles, first starting player, computer players' delays.
    public private(set) var generator: Random
    /// How far the timeline has moved, from zero at creation.
    public private(set) var now: Duration = .zero
    /// Every delay of the game is divided by this: 2 plays twice as fast.
    public let speed: Double
    /// How calls on the same card are ranked.
    public let judging: JudgingRule
    /// A call on a match credited with a faster reaction than this, counted from when the match first stood, is a
    /// false start; zero turns false starts off. It is a person's floor, so it is not divided by ``speed``: a person
    /// reacts no faster at a faster table, and the judging window is network time. A computer player's reaction is
    /// one of the table's delays, divided by the speed, so its calls are held to the floor divided likewise (never
    /// faster than it at any difficulty, they keep clear of it at any speed). Judging by arrival has no false starts.
    public let falseStartFloor: Duration
    /// What each seat's network allows for when its calls are judged; a seat missing here has none (a computer
    /// player, a person at the same machine, or one whose connection dropped). The owner keeps it current; a
    /// change moves the verdict's deadline, which the next ``advance(to:)`` honours.
    public var allowances: [Seat: NetworkAllowance] {
        get { seatAllowances.dictionary }
        set { seatAllowances = SeatAllowances(newValue) }
    }
    /// ``allowances`` as they are kept, in place: reading or setting them so builds no dictionary.
    public var seatAllowances: SeatAllowances {
        get { storedAllowances }
        set {
            guard newValue != storedAllowances else { return }
            storedAllowances = newValue
            if judge != nil { scheduleVerdict() }
        }
    }
    private var storedAllowances = SeatAllowances()
    /// When the current top cards were shown: the latest turned card (or the end of the deal).
    public private(set) var shownAt: Duration = .zero
    /// The calls on the current card waiting for their verdict, while the table waits for slower networks.
    public private(set) var judge: CallJudge?

    private var timers: [Entry] = []
    private var nextOrder = 0
    private var scheduledStepNumber = 0
    /// The computer players' commands after an action: a buffer kept from one action to the next.
    private var commands: [ComputerCommand] = []
    /// Buffers of the verdicts, kept from one to the next: the calls' storage of the last judge, the calls ranked,
    /// and those judged.
    private var spareCalls: [CallJudge.Call] = []
    private var rankedCalls: [CallJudge.Call] = []
    private var judgedCalls: [CallJudge.Call] = []
    /// When each seat's top open card was shown, by seat number: a match stands from when the later of its two
    /// cards was shown.
    private var topShownAt = [Duration](repeating: .zero, count: Seat.count)

    /// A runner for `table`, seeded through `generator`.
    public init(
        table: Table = Table(),
        difficulty: Difficulty = .normal,
        speed: Double = 1,
        judging: JudgingRule = .standard,
        falseStartFloor: Duration = JudgingRule.standardFalseStart,
        generator: Random
    ) {
        precondition(speed > 0 && speed.isFinite, "speed must be a positive number")
        self.table = table
        self.computers = ComputerPlayers(difficulty: difficulty)
        self.generator = generator
        self.speed = speed
        self.judging = judging
        self.falseStartFloor = max(.zero, falseStartFloor)
    }

    /// When the next timer is due, if any (timers held while calls are judged do not count).
    public var nextDeadline: Duration? {
        indexOfNextTimer().map { timers[$0].deadline }
    }

    /// When a quick round's time runs out on the timeline, while its clock runs.
    public var roundDeadline: Duration? {
        timers.first { $0.timer == .roundClock }?.deadline
    }

    /// The active player and when the table turns for them, while their turn timer runs.
    public var turnDeadline: (seat: Seat, deadline: Duration)? {
        guard let seat = table.activeSeat,
            let entry = timers.first(where: { $0.timer == .table(.turnForPlayer) })
        else { return nil }
        return (seat, entry.deadline)
    }

    /// The timers that are set, soonest first.
    public var pendingTimers: [(deadline: Duration, timer: Timer)] {
        timers.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map { ($0.deadline, $0.timer) }
    }

    /// Performs an action now and returns what happened.
    ///
    /// - Throws: ``TableError`` when the rules refuse it; nothing changes then.
    public mutating func perform(_ action: TableAction) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try perform(action, into: &events)
        return events
    }

    /// Performs an action now and appends what happened to `events`, a buffer the caller reuses.
    ///
    /// - Throws: ``TableError`` when the rules refuse it; nothing changes then, `events` neither.
    public mutating func perform(_ action: TableAction, into events: inout [TableEvent]) throws(TableError) {
        switch action {
        case .callSnap(let seat, let claim):
            try call(seat, claim: claim, into: &events)
        case .turnCard where judge != nil:
            throw .snapInProgress
        case .leave where judge != nil, .remove where judge != nil:
            // A refusal changes nothing, so the verdict waits unless someone is really leaving: try it on a copy.
            var trial = table
            var trialGenerator = generator
            _ = try trial.perform(action, using: &trialGenerator)
            // The calls were about the table as it was: judge them before the leaver's cards are handed out.
            giveVerdict(into: &events)
            let start = events.count
            try table.perform(action, using: &generator, into: &events)
            afterEvents(events[start...])
        default:
            let start = events.count
            try table.perform(action, using: &generator, into: &events)
            afterEvents(events[start...])
        }
    }

    /// Moves the timeline to `time`, firing every timer due by then in order, and returns what happened.
    ///
    /// A computer player's action that the table refuses (it went out, say) is dropped, as a person's
    /// too-slow tap would be.
    public mutating func advance(to time: Duration) -> [TableEvent] {
        advance(to: time, firingAtMost: .max)
    }

    private mutating func advance(to time: Duration, firingAtMost limit: Int) -> [TableEvent] {
        var events = [TableEvent]()
        advance(to: time, firingAtMost: limit, into: &events)
        return events
    }

    private mutating func advance(to time: Duration, firingAtMost limit: Int, into events: inout [TableEvent]) {
        let start = events.count
        var fired = 0
        while fired < limit, let index = indexOfNextTimer(), timers[index].deadline <= time {
            fired += 1
            let entry = timers.remove(at: index)
            now = max(now, entry.deadline)
            // A refused action (a computer player's turn after it went out, say) is dropped, and adds nothing.
            switch entry.timer {
            case .table(let step):
                try? perform(.advance(step), into: &events)
            case .computer(let timer):
                let action = computers.fire(timer)
                try? perform(action, into: &events)
            case .judge:
                giveVerdict(into: &events)
            case .roundClock:
                try? perform(.timeRanOut, into: &events)
            }
        }
        now = max(now, time)
        // A card turned by a timer reaches the players when the owner hands these events out — at `time`, which
        // on a real clock may be later than the timer was due — so that is when it was shown.
        markShown(events[start...])
    }

    /// Notes when the cards of `events` were shown: now.
    private mutating func markShown(_ events: some Collection<TableEvent>) {
        for event in events {
            switch event {
            case .cardTurned(let seat, _):
                shownAt = now
                topShownAt[Int(seat.rawValue)] = now
            case .dealFinished:
                shownAt = now
            default:
                break
            }
        }
    }

    /// When the match on the table first stood: of the pairs of top open cards of the same value, the earliest
    /// moment both of a pair were shown. Nil when there is no match.
    public var matchStoodSince: Duration? {
        var since: Duration?
        for first in Seat.allCases {
            guard let value = table[first]?.open.top?.value else { continue }
            for second in Seat.allCases where second.rawValue > first.rawValue && table[second]?.open.top?.value == value {
                let stood = max(topShownAt[Int(first.rawValue)], topShownAt[Int(second.rawValue)])
                since = min(since ?? stood, stood)
            }
        }
        return since
    }

    /// Moves the timeline to the next timer and fires that one timer alone. Returns nil when no timer is set.
    public mutating func fireNextTimer() -> [TableEvent]? {
        var events = [TableEvent]()
        return fireNextTimer(into: &events) ? events : nil
    }

    /// Moves the timeline to the next timer and fires that one timer alone, appending what happened to `events` (a
    /// buffer the caller reuses: steady play allocates nothing). Returns false when no timer is set.
    public mutating func fireNextTimer(into events: inout [TableEvent]) -> Bool {
        guard let index = indexOfNextTimer() else { return false }
        advance(to: timers[index].deadline, firingAtMost: 1, into: &events)
        return true
    }

    private func indexOfNextTimer() -> Int? {
        var next: Int?
        for index in timers.indices where !isHeld(timers[index].timer) {
            if let best = next, (timers[best].deadline, timers[best].order) <= (timers[index].deadline, timers[index].order) {
                continue
            }
            next = index
        }
        return next
    }

    /// While calls are judged the table stands still: only the verdict and computer players' calls may come.
    private func isHeld(_ timer: Timer) -> Bool {
        guard judge != nil else { return false }
        switch timer {
        case .judge, .computer(.call): return false
        case .table, .computer(.turn), .roundClock: return true
        }
    }

    // MARK: - Judging calls

    private mutating func call(_ seat: Seat, claim: Duration?, into events: inout [TableEvent]) throws(TableError) {
        try table.checkInPlay(seat)
        guard !table.callJudged else {
            // A verdict was given on this card: too late, as it comes.
            let start = events.count
            try table.callSnap(by: seat, into: &events)
            afterEvents(events[start...])
            return
        }
        // A false start took this player out of this card's race; a player's first call on a card is the one
        // judged, and pressing again while it is judged changes nothing.
        guard !table.hasFalseStarted(seat), judge?.calls.contains(where: { $0.seat == seat }) != true else { return }
        if isFalseStart(seat, claim: claim) {
            let start = events.count
            try table.falseStart(by: seat, into: &events)
            afterEvents(events[start...])
            // The false starter no longer holds anyone's verdict.
            if judge != nil, scheduleVerdict() <= now { giveVerdict(into: &events) }
            return
        }
        if judge == nil {
            var storage: [CallJudge.Call] = []
            swap(&storage, &spareCalls)
            // Consumed, not copied: a second reference would make emptying it allocate a new buffer.
            judge = CallJudge(
                shownAt: shownAt, maximumCompensation: judging.maximumCompensation, storage: consume storage)
        }
        judge!.add(
            seat: seat, arrival: now, claim: claim, allowance: storedAllowances[seat] ?? .none,
            headStart: table.settings.headStart(for: seat))
        guard judging != .arrival, scheduleVerdict() > now else { return giveVerdict(into: &events) }
    }

    /// Whether a call from `seat` now, claiming `claim`, is a false start: a call on a match, by reaction time,
    /// credited with a reaction under the floor counted from when the match first stood (on the caller's screen,
    /// as the card was: the claim is about the latest card).
    private func isFalseStart(_ seat: Seat, claim: Duration?) -> Bool {
        guard falseStartFloor > .zero, judging != .arrival, let stood = matchStoodSince else { return false }
        let reaction = CallJudge.credit(
            elapsed: now - shownAt, claim: claim, allowance: storedAllowances[seat] ?? .none,
            maximumCompensation: judging.maximumCompensation)
        let floor = speed == 1 || table[seat]?.info.isComputer != true ? falseStartFloor : falseStartFloor / speed
        return reaction + (shownAt - stood) < floor
    }

    /// Sets the verdict's timer for when no player who has not called could still prove a faster reaction;
    /// returns that moment. Network time: never divided by the speed.
    @discardableResult
    private mutating func scheduleVerdict() -> Duration {
        guard let judge else { return now }
        let (table, allowances) = (self.table, storedAllowances)
        let others = Seat.clockwise.lazy.filter { (table[$0]?.cardCount ?? 0) > 0 && !table.hasFalseStarted($0) }
            .map { (seat: $0, allowance: allowances[$0] ?? .none) }
        let deadline = judge.deadline(now: now, others: others, headStarts: table.settings.headStarts)
        timers.removeAll { $0.timer == .judge }
        timers.append(Entry(deadline: deadline, order: nextOrder, timer: .judge))
        nextOrder += 1
        return deadline
    }

    /// Judges the calls collected on this card: the fastest first, the rest too late.
    private mutating func giveVerdict(into events: inout [TableEvent]) {
        guard let judge else { return }
        self.judge = nil
        timers.removeAll { $0.timer == .judge }
        let start = events.count
        judge.rank(into: &rankedCalls)
        judgedCalls.removeAll(keepingCapacity: true)
        var judged = false
        for call in rankedCalls {
            // A caller may have gone out while the calls were judged.
            guard (try? table.callSnap(by: call.seat, into: &events)) != nil else { continue }
            judgedCalls.append(call)
            if !judged, table.stop?.seat == call.seat {
                judged = true
                let margin = judge.margin(of: call, among: rankedCalls)
                events.append(.callTimed(call.seat, reaction: call.reaction, margin: margin))
            }
        }
        if judged, let photoFinish = judge.photoFinish(of: judgedCalls) { events.append(.photoFinish(photoFinish)) }
        spareCalls = judge.takeStorage()
        afterEvents(events[start...])
    }

    private mutating func afterEvents(_ events: some Collection<TableEvent>) {
        markShown(events)
        for event in events {
            switch event {
            case .dealFinished:
                // A quick round's clock runs from the end of the deal, at the game's speed.
                if let limit = table.settings.roundLength.timeLimit { schedule(.roundClock, after: limit) }
            case .roundStarted, .roundWon, .roundAbandoned:
                timers.removeAll { $0.timer == .roundClock }
            default:
                break
            }
        }
        if let pending = table.pendingStep {
            if table.pendingStepNumber != scheduledStepNumber {
                timers.removeAll { if case .table = $0.timer { true } else { false } }
                schedule(.table(pending.step), after: pending.delay)
                scheduledStepNumber = table.pendingStepNumber
            }
        } else {
            timers.removeAll { if case .table = $0.timer { true } else { false } }
        }
        if !commands.isEmpty { commands.removeAll(keepingCapacity: true) }
        computers.react(to: events, on: table, using: &generator, into: &commands)
        for command in commands {
            switch command {
            case .schedule(let timer, let delay):
                timers.removeAll { $0.timer == .computer(timer) }
                schedule(.computer(timer), after: delay)
            case .cancel(let timer):
                timers.removeAll { $0.timer == .computer(timer) }
            }
        }
    }

    private mutating func schedule(_ timer: Timer, after delay: Duration) {
        // Dividing a Duration by a Double goes through Double and 128-bit integers: most games run at speed 1.
        let scaled = speed == 1 ? delay : delay / speed
        timers.append(Entry(deadline: now + scaled, order: nextOrder, timer: timer))
        nextOrder += 1
    }
}
