import Logging
import NIOCore
import NIOWebSocket
import SnapCore
import SnapProtocol
import SnapStore
import Synchronization

/// One table on the server: owns its rules engine and runner, its timer, its computer players and the
/// connections of the people seated there. Tables share nothing mutable; everything about a table happens on
/// its actor.
///
/// The actor runs on one of the server's event loops (``loop``), the one its first player's socket is on: its
/// timer is a timer of that loop, the players' sessions handle their messages there (``taskExecutor``), and
/// what it sends to sockets on the same loop goes out without waking another thread.
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
    private nonisolated let handedOver = Atomic(false)

    /// Whether the table closed because it is another node's now.
    nonisolated var wasHandedOver: Bool { handedOver.load(ordering: .relaxed) }

    private var runner: TableRunner<SplitMix64>
    private var packets: TableEventPackets
    private var members = TableMembers()
    private var timer: TableTimer
    private let environment: ServerEnvironment
    private let logger: Logger
    private let onClose: @Sendable (String) -> Void
    private let onTokenRetired: @Sendable (String) -> Void
    private let onListingChange: @Sendable () -> Void
    private var isClosed = false
    private let lobbySummary: LobbySummary
    private var audit = CardAudit()
    private var clocks = TableClocks()
    /// The round under way, step by step, while the server keeps rounds (nil: it does not).
    private var recorder: RoundRecorder<EncodedRoundLog>?
    /// When the round being recorded started, in server time.
    private var roundStartedAt: Duration = .zero
    /// The table's journal in the cluster's database (nil for a server on its own): every step is written there
    /// before what it caused is sent.
    private var journal: TableJournal?
    /// The allowances last written to the journal.
    private var journaledAllowances: [Seat: NetworkAllowance] = [:]

    /// A new table with no one at it, on `loop`; in a cluster, claimed with `fence`, its journal written under it.
    init(
        code: String,
        solo: Bool,
        seed: UInt64,
        environment: ServerEnvironment,
        loop: any EventLoop,
        fence: Int64? = nil,
        onTokenRetired: @escaping @Sendable (String) -> Void = { _ in },
        onListingChange: @escaping @Sendable () -> Void = {},
        onClose: @escaping @Sendable (String) -> Void
    ) {
        let configuration = environment.configuration
        var table = Table()
        table.settings = configuration.tableSettings
        let runner = TableRunner(
            table: table,
            difficulty: Difficulty(rawValue: configuration.difficulty) ?? .normal,
            speed: configuration.speed,
            judging: configuration.judging,
            generator: SplitMix64(seed: seed))
        var members = TableMembers()
        var journal: TableJournal?
        if let cluster = environment.cluster?.cluster, let fence {
            // The table as it opens is its first checkpoint; it is written with the first steps.
            journal = TableJournal(cluster: cluster, code: code, fence: fence)
            members.gate.queue(journal!.checkpoint(TableCheckpoint(start: RoundStart(of: runner), solo: solo, tokens: [:]), at: .zero))
        }
        self.init(
            code: code, solo: solo, runner: runner, members: members, journal: journal,
            recorder: environment.archive == nil ? nil : RoundRecorder<EncodedRoundLog>(), environment: environment,
            loop: loop, onTokenRetired: onTokenRetired, onListingChange: onListingChange, onClose: onClose)
    }

    /// A table on `loop` that starts from `runner` (new, or rebuilt from a journal), its table time where the
    /// runner is.
    init(
        code: String, solo: Bool, runner: TableRunner<SplitMix64>, members: TableMembers, journal: TableJournal?,
        recorder: RoundRecorder<EncodedRoundLog>?, environment: ServerEnvironment, loop: any EventLoop,
        onTokenRetired: @escaping @Sendable (String) -> Void, onListingChange: @escaping @Sendable () -> Void,
        onClose: @escaping @Sendable (String) -> Void
    ) {
        self.code = code
        self.isSolo = solo
        // Kept: an unowned executor must outlive every job given to it.
        executor = loop.executor
        taskExecutor = EventLoopTaskExecutor.on(loop)
        self.environment = environment
        var logger = environment.logger
        logger[metadataKey: "table"] = "\(code)"
        self.logger = logger
        self.onClose = onClose
        self.onTokenRetired = onTokenRetired
        self.onListingChange = onListingChange
        self.runner = runner
        self.members = members
        self.journal = journal
        self.recorder = recorder
        journaledAllowances = runner.allowances
        packets = TableEventPackets(seating: runner.table)
        timer = TableTimer(clock: environment.clock, loop: loop, startingAt: runner.now)
        lobbySummary = LobbySummary(code: code)
    }

    /// What the lobby lists about this table; readable without waiting for the table.
    nonisolated var summary: TableSummary { lobbySummary.current }

    // MARK: - Seating

    /// Seats a person who is connected through `outbox` and tells everyone.
    ///
    /// The newcomer gets TableJoined, a Snapshot of the table and ServerReady; the others get PlayerJoined.
    func join(_ info: PlayerInfo, token: String, outbox: Outbox) throws -> Seat {
        // The last person may have left while this request was on its way.
        guard !isClosed else { throw WireErrorCode.unknownTable }
        catchUp()
        let events = try perform(.join(info))
        let seat = runner.table.seat(of: info.id)!
        members[info.id] = TableMember(
            info: info, token: token, outbox: outbox,
            calls: TokenBucket(perSecond: environment.configuration.snapCallsPerSecond))
        queueJournal { $0.seated(info.id, token: token) }
        broadcast(events, except: info.id)
        sendWelcomeToTable(info.id, seat: seat)
        logger.info("\(info.name) joined", metadata: ["seat": "\(seat)"])
        afterChange()
        return seat
    }

    /// Seats the computer players of a single-player table: Ray left, Lucy top, Steve right.
    func seatComputerOpponents() {
        let person = runner.table.occupiedSeats.compactMap { runner.table[$0]?.info }.first { !$0.isComputer }
        for computer in Table.computerOpponents(for: person?.name ?? "") { _ = try? seatComputer(computer) }
    }

    private func addComputer(by id: PlayerID) throws(TableError) {
        guard let seat = runner.table.seat(of: id) else { throw .notSeated }
        guard runner.table.host == seat else { throw .notHost }
        let names = runner.table.occupiedSeats.compactMap { runner.table[$0]?.info.name }
        guard let computer = Table.nextComputer(besides: names) else { throw .nameTaken }
        try seatComputer(computer)
    }

    private func seatComputer(_ info: PlayerInfo) throws(TableError) {
        catchUp()
        let events = try perform(.join(info))
        members[info.id] = TableMember(info: info, calls: TokenBucket(perSecond: 1))
        broadcast(events)
        afterChange()
    }

    private func sendWelcomeToTable(_ id: PlayerID, seat: Seat) {
        members.send(.tableJoined(code: code, seat: seat), to: id)
        sendSnapshot(to: id, seat: seat)
        sendPlayerList(to: id)
        if !members.watchers.isEmpty { members.send(watcherCountPacket, to: id) }
    }

    private func sendPlayerList(to id: PlayerID) {
        let table = runner.table
        members.send(
            .serverReady(players: table.occupiedSeats.map {
                WirePlayer(id: table[$0]!.info.id, name: table[$0]!.info.name, seat: $0)
            }), to: id)
    }

    /// The whole table as `id` sees it from `seat` (nil: a watcher), then what a snapshot cannot say: who is
    /// dropped right now, the settings, and the clocks (these for version 3 clients).
    private func sendSnapshot(to id: PlayerID, seat: Seat?) {
        let view = runner.table.view(for: seat)
        members.send(.snapshot(view), to: id)
        for other in members.dropped where other != id {
            if let seat = runner.table.seat(of: other) { members.send(.playerConnection(seat: seat, connected: false), to: id) }
        }
        for packet in TableClocks.snapshotPackets(view) + clocks.packets(for: runner, at: timer.now, all: true) {
            members.send(packet, to: id)
        }
    }

    // MARK: - Watching

    /// Lets the person `id`, connected through `outbox`, watch the table without a seat.
    ///
    /// They get TableWatched, a Snapshot with no viewer (``Table/view(for:)`` decides what they see, as for a
    /// player), what a snapshot cannot say, and ServerReady; everyone gets the new WatcherCount.
    ///
    /// - Throws: ``WireErrorCode/unknownTable`` when the table has just closed, ``WireErrorCode/tooManyWatchers``
    ///   when it has as many watchers as the server allows.
    func watch(_ id: PlayerID, outbox: Outbox) throws(WireErrorCode) {
        guard !isClosed else { throw .unknownTable }
        guard members.watchers.count < environment.configuration.maximumWatchersPerTable else {
            throw .tooManyWatchers
        }
        catchUp()
        members.addWatcher(id, outbox: outbox)
        members.send(.tableWatched(code: code), to: id)
        sendSnapshot(to: id, seat: nil)
        sendPlayerList(to: id)
        members.broadcast([watcherCountPacket])
        logger.info("someone is watching", metadata: ["watchers": "\(members.watchers.count)"])
    }

    /// The watcher `id` stops watching (they left, or their connection closed); everyone gets the new count.
    func stopWatching(_ id: PlayerID) {
        guard members.removeWatcher(id) != nil, !isClosed else { return }
        members.broadcast([watcherCountPacket])
    }

    /// Whether the person `id` is watching this table (a closed table has no watchers).
    func isWatched(by id: PlayerID) -> Bool {
        members.watchers[id] != nil
    }

    /// How many people are watching.
    var watcherCount: Int { members.watchers.count }

    /// Handles a request from the watcher `id`: they may ask for the table again or stop watching; everything a
    /// seat is needed for is refused. Returns false when they are not watching (the table has closed).
    @discardableResult
    func handleWatching(_ request: SeatedRequest, from id: PlayerID) -> Bool {
        guard members.watchers[id] != nil else { return false }
        switch request {
        case .resync:
            catchUp()
            sendSnapshot(to: id, seat: nil)
        case .leave:
            stopWatching(id)
        case .handshake:
            break
        case .turnCard, .callSnap, .startRound, .addComputer, .changeSettings:
            refuse(id, code: TableError.notSeated.rawValue, "You are watching: only the players at the table can do that.")
        }
        return true
    }

    private var watcherCountPacket: Packet {
        .watcherCount(UInt16(clamping: members.watchers.count))
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
        guard let seat = runner.table.seat(of: id) else { return refuse(id, TableError.notSeated) }
        switch request {
        case .addComputer:
            do { try addComputer(by: id) } catch { refuse(id, error) }
            return
        case .resync:
            return sendSnapshot(to: id, seat: seat)
        case .handshake:
            // Kept from the original handshake; the server times the deal itself, so nobody waits for these.
            return
        case .callSnap:
            guard members[id]?.calls.take(at: received) ?? false else {
                return refuse(id, code: WireErrorCode.rateLimited.rawValue, "Too many Snap! calls: slow down.")
            }
        case .turnCard, .startRound, .leave, .changeSettings:
            break
        }
        guard let action = request.action(for: seat) else { return }
        do {
            let events = try perform(action)
            if case .leave = action { removeMember(id) }
            broadcast(events)
            environment.metrics.eventLatency.recordNanoseconds((environment.clock.now - received).nanoseconds)
            afterChange()
        } catch {
            refuse(id, error)
        }
    }

    /// The person's connection `outbox` dropped: keep their seat and cards for the grace period. A connection
    /// already replaced by a reconnection changes nothing.
    func disconnected(_ id: PlayerID, outbox: Outbox) {
        guard let member = members[id], let current = member.outbox, current === outbox else { return }
        catchUp()
        markAway(id)
        afterChange()
    }

    /// A table just rebuilt on this node from its journal: everyone seated is away until they come back with
    /// their token, and the table goes on from where its journal left it.
    func resumeAfterTakeover() {
        for id in members.all.filter(\.isPerson).map(\.info.id) { markAway(id) }
        logger.notice("table taken over from its journal", metadata: ["round": "\(runner.table.round)"])
        afterChange()
    }

    /// The reconnect tokens of the people seated.
    var tokens: [String] { Array(members.tokens.values) }

    /// Starts the grace period of a person who is not connected, and tells everyone.
    private func markAway(_ id: PlayerID) {
        guard var member = members[id] else { return }
        member.outbox = nil
        member.drops += 1
        let grace = environment.configuration.reconnectGrace
        let drop = member.drops
        let clock = environment.clock
        member.grace = clock.wake(at: clock.now + grace, on: loop) { [weak self] in
            self?.assumeIsolated { $0.graceExpired(id, drop: drop) }
        }
        members[id] = member
        if let seat = runner.table.seat(of: id) {
            members.broadcast([.playerConnection(seat: seat, connected: false)])
            // The table waits only a second for someone who is not there.
            broadcast((try? perform(.setPresence(seat, present: false))) ?? [])
        }
        logger.info("\(member.info.name) dropped; seat kept for \(grace)")
    }

    private func graceExpired(_ id: PlayerID, drop: Int) {
        guard let member = members[id], member.outbox == nil, member.drops == drop else { return }
        catchUp()
        logger.info("\(member.info.name) did not come back")
        if let seat = runner.table.seat(of: id), let events = try? perform(.leave(seat)) {
            removeMember(id)
            broadcast(events)
        }
        afterChange()
    }

    /// A dropped person comes back with their token: same seat, same cards.
    func reconnect(token: String, outbox: Outbox) -> PlayerInfo? {
        guard !isClosed, let (id, member) = members.member(holding: token), let seat = runner.table.seat(of: id)
        else { return nil }
        catchUp()
        // The old connection may not have been noticed as dead yet: the new one takes over the seat.
        if let old = member.outbox {
            old.close(.policyViolation, reason: "replaced by a new connection")
        }
        member.grace?.cancel()
        members[id]?.grace = nil
        members[id]?.outbox = outbox
        outbox.send(.welcome(version: Wire.version, id: id, token: token))
        // Back in time for the snapshot's clocks to show their full turn time again.
        broadcast((try? perform(.setPresence(seat, present: true))) ?? [])
        sendWelcomeToTable(id, seat: seat)
        members.broadcast([.playerConnection(seat: seat, connected: true)], except: id)
        logger.info("\(member.info.name) reconnected")
        afterChange()
        return member.info
    }

    /// The server is stopping: tell everyone why and close their connections.
    func shutDown(reason: String) {
        // The lobby tells every connection, watchers included, that the server is going.
        _ = members.removeAllWatchers()
        for member in members.all {
            member.outbox?.send(.serverQuit(reason: reason))
            member.outbox?.close(.goingAway, reason: reason)
            member.grace?.cancel()
        }
        close()
    }

    /// The table as the player `id` sees it (for tests and diagnostics).
    func view(for id: PlayerID) -> PlayerView? {
        runner.table.seat(of: id).map { runner.table.view(for: $0) }
    }

    /// Whether the person `id` is seated here and connected (for tests and diagnostics).
    func isConnected(_ id: PlayerID) -> Bool {
        members[id]?.outbox != nil
    }

    /// The whole table, the cards face down included, and the state of its random numbers (for tests and
    /// diagnostics: what a rebuild from the journal must reproduce).
    var state: (table: Table, random: UInt64) { (runner.table, runner.generator.state) }

    /// Whether every step is in the journal and everything that waited for it was sent (always, on a server on
    /// its own).
    var journalIsWritten: Bool {
        !(journal?.hasPending ?? false) && !(journal?.isWriting ?? false) && members.gate.isOpen
    }

    /// The table's ``state`` and how many entries its journal has had, at a moment when every one is written;
    /// nil while a write is on its way (for tests: the journal's first entries up to that count rebuild this).
    var writtenState: (state: (table: Table, random: UInt64), journalLength: Int)? {
        journalIsWritten ? (state, members.gate.queued) : nil
    }

    /// Whether all 52 cards are at the table.
    var cardsAccountedFor: Bool { runner.table.cardsAccountedFor }

    /// How many times, after an action, the 52 cards were not all at the table (must stay 0).
    var conservationFailures: Int { audit.failures }

    // MARK: - The runner and time

    /// Performs an action on the runner, with every seat's network allowance up to date; the recorder notes it.
    private func perform(_ action: TableAction) throws(TableError) -> [TableEvent] {
        updateAllowances()
        let start = recorder == nil && journal == nil ? nil : RoundStart(before: action, on: runner)
        let time = runner.now
        let events = try runner.perform(action)
        if let start {
            roundStartedAt = environment.clock.now
            // A round starts: the table as it was just before is all a rebuild needs from now on.
            let tokens = members.tokens
            queueJournal { $0.checkpoint(TableCheckpoint(start: start, solo: isSolo, tokens: tokens), at: time) }
            journaledAllowances = start.allowances
        }
        queueJournal { $0.record(.perform(action)) }
        keep(recorder?.performed(action, events: events, runner: runner, start: start))
        return events
    }

    private func updateAllowances() {
        runner.allowances = members.allowances(at: runner.table)
        recorder?.allowancesSet(runner.allowances)
        if journal != nil, journaledAllowances != runner.allowances {
            journaledAllowances = runner.allowances
            queueJournal { [allowances = runner.allowances] in $0.record(.allowances(allowances)) }
        }
    }

    /// Fires every timer due by server time `serverTime` (by default now), so that actions are judged against
    /// an up-to-date table.
    private func catchUp(until serverTime: Duration? = nil) {
        guard !timer.isPaused else { return }
        updateAllowances()
        let time = timer.tableTime(at: serverTime ?? environment.clock.now)
        let events = runner.advance(to: time)
        queueJournal { [now = runner.now] in $0.advanced(to: now, quiet: events.isEmpty) }
        keep(recorder?.advanced(to: time, events: events, runner: runner))
        if !events.isEmpty {
            broadcast(events)
            afterChange()
        }
    }

    private func scheduleNextTimer() {
        guard !isClosed else { return timer.cancel() }
        // The wake comes on the table's own loop, which is its actor's executor.
        timer.schedule(runner.nextDeadline) { [weak self] number in self?.assumeIsolated { $0.timerFired(number) } }
    }

    private func timerFired(_ number: Int) {
        guard timer.fired(number) else { return }
        catchUp()
        scheduleNextTimer()
    }

    // MARK: - The journal

    /// Adds entries to the journal (in a cluster) with `add`, which says how many it queued; they are written as
    /// soon as the write before them is done, and what is sent from now on waits for them.
    private func queueJournal(_ add: (inout TableJournal) -> Int) {
        guard journal != nil else { return }
        let count = add(&journal!)
        members.gate.queue(count)
        guard journal!.hasPending, !journal!.isWriting else { return }
        journal!.isWriting = true
        // Once this turn of the table is over: everything it queued goes in one statement.
        Task(executorPreference: taskExecutor) { [weak self] in await self?.writeJournal() }
    }

    /// Writes what waits in the journal, a batch at a time, and sends what waited for each batch.
    private func writeJournal() async {
        while let batch = journal?.takeBatch(), let current = journal {
            let clock = environment.clock
            let started = clock.now
            do throws(StoreError) {
                let next = try await current.cluster.append(code: code, fence: current.fence, entries: batch.entries)
                environment.metrics.journalWrite.recordNanoseconds((clock.now - started).nanoseconds)
                members.journalWritten(upTo: batch.end)
                if let index = batch.checkpoint {
                    trimJournal(current, before: next - Int64(batch.entries.count - index))
                }
            } catch .fenced, .noSuchTable {
                return lostToAnotherNode()
            } catch {
                // The database did not answer: nothing is sent until it does (or the lease runs out and the
                // table is handed over).
                logger.warning("the table's journal could not be written; trying again", metadata: ["error": "\(error)"])
                journal?.putBack(batch)
                try? await clock.sleep(for: .milliseconds(100))
            }
        }
        journal?.isWriting = false
    }

    /// Lets go of the entries before the checkpoint at `position`, in the background.
    private func trimJournal(_ journal: TableJournal, before position: Int64) {
        let logger = logger
        Task {
            do { try await journal.cluster.trim(code: journal.code, fence: journal.fence, before: position) } catch {
                logger.debug("the table's journal was not trimmed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The table is another node's now (this node's lease ran out and it was taken over): nothing held is sent,
    /// and everyone's connection is closed without a goodbye, so that their clients reconnect and are sent to the
    /// table's new node.
    func lostToAnotherNode() {
        guard !isClosed else { return }
        logger.warning("the table is another node's now: letting its players go there")
        handedOver.store(true, ordering: .relaxed)
        journal = nil
        members.gate.dropAll()
        for watcher in members.removeAllWatchers() { watcher.close(.goingAway, reason: Self.movedReason) }
        for member in members.all {
            member.outbox?.close(.goingAway, reason: Self.movedReason)
            member.grace?.cancel()
        }
        close()
    }

    /// The reason in the close frame of a connection whose table moved to another node.
    static let movedReason = "the table moved to another server"

    // MARK: - Recording

    /// Hands a round that has just ended to the archive, as the store keeps it.
    private func keep(_ finished: RoundRecorder<EncodedRoundLog>.FinishedRound?) {
        guard let finished, let archive = environment.archive else { return }
        let clock = environment.clock
        archive.keep(RoundRecord(finished, table: code, startedAt: clock.date(at: roundStartedAt), endedAt: clock.date(at: clock.now)))
    }

    // MARK: - Sending

    private func broadcast(_ events: [TableEvent], except skipped: PlayerID? = nil) {
        for event in events { logger.debug("\(event)") }
        audit.check(runner.table, after: events, metrics: environment.metrics, logger: logger)
        members.broadcast(packets.packets(for: events), except: skipped)
    }

    private func refuse(_ id: PlayerID, _ error: TableError) {
        refuse(id, code: error.rawValue, error.description)
    }

    private func refuse(_ id: PlayerID, code: UInt16, _ message: String) {
        environment.metrics.error(code: code)
        members.send(.error(code: code, message: message), to: id)
    }

    private func removeMember(_ id: PlayerID) {
        if let token = members.remove(id)?.token { onTokenRetired(token) }
    }

    /// After every change: keep the lobby's summary fresh, tell everyone of a clock that changed, set the next
    /// timer, close a table nobody is at.
    private func afterChange() {
        if lobbySummary.update(from: runner.table), !isSolo { onListingChange() }
        guard members.anyPerson else { return close() }
        members.broadcast(clocks.packets(for: runner, at: timer.now, all: false))
        // While a single-player table's person is away, its time stands still: they come back to the same cards.
        if isSolo && !members.anyoneConnected {
            timer.pause()
        } else {
            timer.resume()
        }
        scheduleNextTimer()
    }

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        timer.cancel()
        for member in members.all { member.grace?.cancel() }
        for watcher in members.removeAllWatchers() {
            watcher.send(.tableClosed(reason: "Everyone has left the table: it is closed."))
        }
        logger.info("table closed")
        onClose(code)
    }
}
