import Logging
import NIOCore
import SnapCore
import SnapProtocol
import Synchronization

/// One table on the server: owns its rules engine and runner, its timer, its computer players and the
/// connections of the people seated there. Tables share nothing mutable; everything about a table happens on
/// its actor.
///
/// The actor runs on one of the server's event loops (``loop``), the one its first player's socket is on: its
/// timer is a timer of that loop, the players' sessions handle their messages there (``taskExecutor``), and
/// what it sends to sockets on the same loop goes out without waking another thread.
///
/// Its parts each do one job: ``TableMembers`` (who sits there), ``TableWatchers`` (who watches),
/// ``TableRecording`` (the round for the archive), ``TableJournaling`` (the cluster's journal, and what waits for
/// it), ``TableTimer``, ``TableClocks``, ``LobbySummary`` and ``CardAudit``. Seating, drops and returns, watching
/// and the journal's writes are in the extensions beside this file.
actor TableSession {
    /// The table's code.
    nonisolated let code: String
    /// Runs tasks on ``loop``: a player's session handles its messages there while seated.
    nonisolated let taskExecutor: EventLoopTaskExecutor
    /// The event loop the table runs on.
    nonisolated var loop: any EventLoop { taskExecutor.loop }
    private nonisolated let executor: any SerialExecutor

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// Whether this is a single-player table (not listed in the lobby).
    nonisolated let isSolo: Bool
    /// Set once the table is another node's (``lostToAnotherNode()``): closing it then must not remove it from the
    /// cluster's directory, where it is the new owner's (or soon will be — this very node's again, perhaps).
    nonisolated let handedOver = Atomic(false)

    /// Whether the table closed because it is another node's now.
    nonisolated var wasHandedOver: Bool { handedOver.load(ordering: .relaxed) }

    // Not private: the extensions in TableSession+*.swift share them.
    var runner: TableRunner<SplitMix64>
    var members: TableMembers
    var watchers = TableWatchers()
    var timer: TableTimer
    var recording: TableRecording
    var journaling: TableJournaling
    var isClosed = false
    let environment: ServerEnvironment
    private var packets: TableEventPackets
    private let hooks: TableHooks
    private let lobbySummary: LobbySummary
    private var audit = CardAudit()
    private var clocks = TableClocks()
    /// Goes up with every action that may seat, unseat or move a player (any but a turn or a call), which moves the
    /// allowances from seat to seat.
    private var seatingChanges: UInt32 = 0
    /// ``TableMembers/allowanceStamp(seating:)`` when the allowances were last brought up to date.
    private var allowanceStamp: UInt64?
    /// The seating changes, and whether a round was under way, when the lobby's summary was last brought up to date.
    private var listedAt: (UInt32, Bool)?

    /// A new table with no one at it, on `loop`; in a cluster, claimed with `fence`, its journal written under it.
    init(
        code: String, solo: Bool, seed: UInt64, environment: ServerEnvironment, loop: any EventLoop,
        fence: Int64? = nil, hooks: TableHooks
    ) {
        let configuration = environment.configuration
        var table = Table()
        table.settings = configuration.tableSettings
        let runner = TableRunner(
            table: table,
            difficulty: Difficulty(rawValue: configuration.difficulty) ?? .normal,
            speed: configuration.speed,
            judging: configuration.judging,
            falseStartFloor: configuration.falseStartFloor,
            generator: SplitMix64(seed: seed))
        var journaling = TableJournaling(journal: nil, allowances: runner.allowances)
        if let cluster = environment.cluster?.cluster, let fence {
            // The table as it opens is its first checkpoint; it is written with the first steps.
            var journal = TableJournal(cluster: cluster, code: code, fence: fence)
            let opening = journal.checkpoint(TableCheckpoint(start: RoundStart(of: runner), solo: solo, tokens: [:]), at: .zero)
            journaling = TableJournaling(journal: journal, allowances: runner.allowances, queued: opening)
        }
        self.init(
            code: code, solo: solo, runner: runner, members: TableMembers(), journaling: journaling,
            recording: TableRecording(code: code, environment: environment), environment: environment, loop: loop,
            hooks: hooks)
    }

    /// A table on `loop` that starts from `runner` (new, or rebuilt from a journal), its table time where the
    /// runner is.
    init(
        code: String, solo: Bool, runner: TableRunner<SplitMix64>, members: TableMembers, journaling: TableJournaling,
        recording: TableRecording, environment: ServerEnvironment, loop: any EventLoop, hooks: TableHooks
    ) {
        self.code = code
        self.isSolo = solo
        // Kept: an unowned executor must outlive every job given to it.
        executor = loop.executor
        taskExecutor = EventLoopTaskExecutor.on(loop)
        self.environment = environment
        self.hooks = hooks
        self.runner = runner
        self.members = members
        self.journaling = journaling
        self.recording = recording
        packets = TableEventPackets(seating: runner.table)
        timer = TableTimer(clock: environment.clock, loop: loop, startingAt: runner.now)
        lobbySummary = LobbySummary(code: code)
    }

    /// The server's logger, saying which table: made when something is logged, not kept (a logger with metadata of
    /// its own is two allocations on every table).
    nonisolated var logger: Logger {
        var logger = environment.logger
        logger[metadataKey: "table"] = "\(code)"
        return logger
    }

    /// What the lobby lists about this table; readable without waiting for the table.
    nonisolated var summary: TableSummary { lobbySummary.current }

    /// Whether the lobby lists this table: not a single-player table, and not made private by its host.
    nonisolated var isListed: Bool { !isSolo && !lobbySummary.isPrivate }

    /// Lends the runner's table to `body`. Read as a value from the actor's storage, `runner.table` is copied (a
    /// retain of each of its parts) even to ask it one thing, and it is asked on every action; lent from the runner
    /// in place, it is not.
    private func withTable<Result>(_ body: (borrowing Table) -> Result) -> Result {
        Self.lend(&runner, body)
    }

    private static func lend<Result>(
        _ runner: inout TableRunner<SplitMix64>, _ body: (borrowing Table) -> Result
    ) -> Result {
        body(runner.table)
    }

    // MARK: - Playing

    /// Handles a request from the person `id` that reached the server at server time `received`; a refusal
    /// goes back to them as an Error packet.
    ///
    /// The table is brought up to `received` first, so a call that arrived before the verdict was due is
    /// judged with the others even if it waited behind other work; then it catches up to now.
    func handle(_ request: SeatedRequest, from id: PlayerID, receivedAt received: Duration) {
        catchUp(until: received)
        defer { catchUp() }
        guard let seat = withTable({ $0.seat(of: id) }) else { return refuse(id, TableError.notSeated) }
        switch request {
        case .act(let move):
            act(move.action(for: seat, settings: withTable { $0.settings }), by: id, receivedAt: received)
        case .addComputer:
            do { try addComputer(by: id) } catch { refuse(id, error) }
        case .resync:
            sendSnapshot(to: id, seat: seat)
        case .networkTime(let asked):
            sendNetworkTime(of: asked, to: id)
        case .handshake:
            // Kept from the original handshake; the server times the deal itself, so nobody waits for these.
            break
        }
    }

    /// Performs the action of the person `id`, whose request reached the server at `received`, and tells everyone.
    private func act(_ action: TableAction, by id: PlayerID, receivedAt received: Duration) {
        do {
            let removed = if case .remove(let seat, _) = action { runner.table[seat]?.info.id } else { PlayerID?.none }
            let events = try perform(action)
            if case .leave = action { removeMember(id) }
            broadcast(events)
            if let removed { sendAway(removed) }
            environment.metrics.eventLatency.recordNanoseconds((environment.clock.now - received).nanoseconds)
            afterChange()
        } catch {
            refuse(id, error)
        }
    }

    /// Tells `id` how the network of the player in `seat` looks to the judge, or that nobody sits there.
    func sendNetworkTime(of seat: Seat, to id: PlayerID) {
        guard let time = members.networkTime(of: seat, at: runner.table, judging: runner.judging) else {
            return refuse(id, TableError.notSeated)
        }
        send(.networkTime(time), to: id)
    }

    /// The reconnect tokens of the people seated.
    var tokens: [String] { Array(members.tokens.values) }

    /// The table as the player `id` sees it (for tests and diagnostics).
    func view(for id: PlayerID) -> PlayerView? {
        runner.table.seat(of: id).map { runner.table.view(for: $0) }
    }

    /// Whether the person `id` is seated here (the host may have removed them).
    func isSeated(_ id: PlayerID) -> Bool {
        members[id] != nil
    }

    /// Whether the person `id` is seated here and connected (for tests and diagnostics).
    func isConnected(_ id: PlayerID) -> Bool {
        members[id]?.outbox != nil
    }

    /// The whole table, the cards face down included, and the state of its random numbers (for tests and
    /// diagnostics: what a rebuild from the journal must reproduce).
    var state: (table: Table, random: UInt64) { (runner.table, runner.generator.state) }

    /// Whether all 52 cards are at the table.
    var cardsAccountedFor: Bool { runner.table.cardsAccountedFor }

    /// How many times, after an action, the 52 cards were not all at the table (must stay 0).
    var conservationFailures: Int { audit.failures }

    // MARK: - The runner and time

    /// Performs an action on the runner, with every seat's network allowance up to date; the recording and the
    /// journal note it.
    func perform(_ action: TableAction) throws(TableError) -> [TableEvent] {
        updateAllowances(before: action)
        let start = recording.isOn || journaling.isKept ? RoundStart(before: action, on: runner) : nil
        let time = runner.now
        let judgingSince = runner.judge?.calls.first?.arrival
        switch action {
        case .turnCard, .callSnap, .advance: break
        default: seatingChanges &+= 1
        }
        let events = try runner.perform(action)
        noteVerdict(in: events, judgingSince: judgingSince)
        if let start {
            // A round starts: the table as it was just before is all a rebuild needs from now on.
            let tokens = members.tokens
            queueJournal { $0.checkpoint(TableCheckpoint(start: start, solo: isSolo, tokens: tokens), at: time) }
            journaling.checkpointed(allowances: start.allowances)
        }
        queueJournal { $0.record(.perform(action)) }
        // Asked first: passing the runner would copy it (a retain of each of its parts) on every action.
        if recording.isOn { recording.performed(action, events: events, runner: runner, start: start) }
        return events
    }

    /// Brings the seats' allowances up to date before `action` (nil: time passing) if it reads them: a call does,
    /// and so does anything while calls wait for their verdict (a changed allowance moves the verdict's deadline).
    /// A turn, or time passing, with no call waiting reads none — most of a table's actions.
    private func updateAllowances(before action: TableAction?) {
        if case .callSnap = action {} else if runner.judge == nil { return }
        // The stamp costs no lock, and moves only when a seat's connection measured a new round trip (every few
        // seconds) or someone came, went or moved.
        let stamp = members.allowanceStamp(seating: seatingChanges)
        guard stamp != allowanceStamp else { return }
        allowanceStamp = stamp
        let allowances = withTable { members.allowances(at: $0) }
        guard allowances != runner.seatAllowances else { return }
        runner.seatAllowances = allowances
        guard recording.isOn || journaling.isKept else { return }
        let dictionary = allowances.dictionary
        recording.allowancesSet(dictionary)
        if journaling.allowancesChanged(to: dictionary) {
            queueJournal { $0.record(.allowances(dictionary)) }
        }
    }

    /// Fires every timer due by server time `serverTime` (by default now), so that actions are judged against
    /// an up-to-date table.
    func catchUp(until serverTime: Duration? = nil) {
        guard !timer.isPaused else { return }
        updateAllowances(before: nil)
        let time = timer.tableTime(at: serverTime ?? environment.clock.now)
        let judgingSince = runner.judge?.calls.first?.arrival
        let events = runner.advance(to: time)
        noteVerdict(in: events, judgingSince: judgingSince)
        queueJournal { [now = runner.now] in $0.advanced(to: now, quiet: events.isEmpty) }
        if recording.isOn { recording.advanced(to: time, events: events, runner: runner) }
        if !events.isEmpty {
            broadcast(events)
            afterChange()
        }
    }

    /// Times the verdict among `events`, if one was given: from the first call on the card (`since`; nil when the
    /// action that gave it was that call, judged at once) to now, the table time it reaches the players.
    private func noteVerdict(in events: [TableEvent], judgingSince since: Duration?) {
        guard events.contains(where: { if case .callTimed = $0 { true } else { false } }) else { return }
        environment.metrics.judgingWait.recordNanoseconds((runner.now - (since ?? runner.now)).nanoseconds)
    }

    private func scheduleNextTimer() {
        guard !isClosed else { return timer.cancel() }
        let deadline = runner.nextDeadline
        guard timer.changes(to: deadline) else { return }
        // The wake comes on the table's own loop, which is its actor's executor.
        timer.schedule(deadline) { [weak self] number in self?.assumeIsolated { $0.timerFired(number) } }
    }

    private func timerFired(_ number: Int) {
        guard timer.fired(number) else { return }
        catchUp()
        scheduleNextTimer()
    }

    // MARK: - Sending

    /// The whole table as `id` sees it from `seat` (nil: a watcher), then what a snapshot cannot say: who is
    /// dropped right now, the settings, and the clocks (these for version 3 clients).
    func sendSnapshot(to id: PlayerID, seat: Seat?) {
        let view = runner.table.view(for: seat)
        send(.snapshot(view), to: id)
        for other in members.dropped where other != id {
            if let seat = runner.table.seat(of: other) { send(.playerConnection(seat: seat, connected: false), to: id) }
        }
        let clockPackets = clocks.packets(
            round: runner.roundDeadline, turn: runner.turnDeadline, at: timer.now, all: true)
        for packet in TableClocks.snapshotPackets(view) + clockPackets { send(packet, to: id) }
    }

    /// Sends what `events` say to everyone connected except `skipped`.
    func broadcast(_ events: [TableEvent], except skipped: PlayerID? = nil) {
        if environment.logger.logLevel <= .debug {
            let logger = logger
            for event in events { logger.debug("\(event)") }
        }
        withTable { audit.check($0, after: events, metrics: environment.metrics, logger: logger) }
        send(packets.moment(for: events), except: skipped)
    }

    /// Sends `packets` to everyone connected except `skipped`, whatever their version.
    func send(_ packets: [Packet], except skipped: PlayerID? = nil) {
        send(TableMoment(packets), except: skipped)
    }

    /// Sends `moment` to everyone connected except `skipped`, each the packets of their version: the players first,
    /// then the watchers, so that watching never delays a player.
    func send(_ moment: TableMoment, except skipped: PlayerID? = nil) {
        guard !moment.isEmpty else { return }
        var skippedOutbox: Outbox?
        if let skipped { skippedOutbox = members[skipped]?.outbox }
        for index in 0..<members.recipients.count {
            let outbox = members.recipients[index]
            guard outbox !== skippedOutbox else { continue }
            journaling.send(moment.packets(for: outbox.version), to: outbox)
        }
        for (id, outbox) in watchers.byID where id != skipped {
            journaling.send(moment.packets(for: outbox.version), to: outbox)
        }
    }

    /// Sends one packet to one member or watcher, if connected.
    func send(_ packet: Packet, to id: PlayerID) {
        guard let outbox = members[id]?.outbox ?? watchers[id] else { return }
        journaling.send([packet], to: outbox)
    }

    func refuse(_ id: PlayerID, _ error: TableError) {
        refuse(id, code: error.rawValue, error.description)
    }

    func refuse(_ id: PlayerID, code: UInt16, _ message: String) {
        environment.metrics.error(code: code)
        send(.error(code: code, message: message), to: id)
    }

    func removeMember(_ id: PlayerID) {
        if let token = members.remove(id)?.token { hooks.tokenRetired(token) }
    }

    /// The host removed the person `id`: they are told (after everyone, them too, was told they left), their seat is
    /// no longer kept, and their connection is back in the lobby.
    private func sendAway(_ id: PlayerID) {
        let member = members[id]
        member?.grace?.cancel()
        send(.error(code: WireErrorCode.removedByHost.rawValue, message: WireErrorCode.removedByHost.message), to: id)
        removeMember(id)
    }

    /// After every change: keep the lobby's summary fresh, tell everyone of a clock that changed, set the next
    /// timer, close a table nobody is at.
    func afterChange() {
        // A turn, a call or time passing changes nothing the lobby lists but whether a round is under way.
        let listing = (seatingChanges, withTable { $0.phase.isRoundUnderWay })
        if listedAt.map({ $0 != listing }) ?? true {
            listedAt = listing
            if withTable({ lobbySummary.update(from: $0) }), !isSolo { hooks.listingChanged(code) }
        }
        guard members.anyPerson else { return close() }
        send(clocks.packets(round: runner.roundDeadline, turn: runner.turnDeadline, at: timer.now, all: false))
        // While a single-player table's person is away, its time stands still: they come back to the same cards.
        if isSolo && !members.anyoneConnected {
            timer.pause()
        } else {
            timer.resume()
        }
        scheduleNextTimer()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        timer.cancel()
        for member in members.all { member.grace?.cancel() }
        for watcher in watchers.removeAll() {
            watcher.send(.tableClosed(reason: "Everyone has left the table: it is closed."))
        }
        logger.info("table closed")
        hooks.closed(code, tokens)
    }
}
