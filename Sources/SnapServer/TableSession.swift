import Logging
import NIOWebSocket
import SnapCore
import SnapProtocol
import Synchronization

/// One table on the server: owns its rules engine, clock, timers, computer players and the connections of
/// the people seated there. Tables share nothing mutable; everything about a table happens on its actor.
actor TableSession {
    /// A person or computer player seated here.
    private struct Member {
        var info: PlayerInfo
        var token: String?
        var outbox: Outbox?
        var graceTask: Task<Void, Never>?
        var calls: TokenBucket
        /// Counts drops, so that a grace timer from an earlier drop cannot remove the player.
        var drops = 0
    }

    /// The table's code.
    nonisolated let code: String
    /// Whether this is a single-player table (not listed in the lobby).
    nonisolated let isSolo: Bool

    private var runner: TableRunner<SplitMix64>
    private var packets: TableEventPackets
    private var members: [PlayerID: Member] = [:]
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var timerTask: Task<Void, Never>?
    private var scheduledDeadline: Duration?
    private let configuration: SnapServerConfiguration
    private let metrics: ServerMetrics
    private let logger: Logger
    private let onClose: @Sendable (String) -> Void
    private let onTokenRetired: @Sendable (String) -> Void
    private var isClosed = false
    /// While a single-player table's person is away, its clock stands still: they come back to the same cards.
    private var pausedAt: ContinuousClock.Instant?
    private var pausedTotal: Duration = .zero
    private let summaryState: Mutex<TableSummary>

    init(
        code: String,
        solo: Bool,
        seed: UInt64,
        configuration: SnapServerConfiguration,
        metrics: ServerMetrics,
        logger: Logger,
        onTokenRetired: @escaping @Sendable (String) -> Void = { _ in },
        onClose: @escaping @Sendable (String) -> Void
    ) {
        self.code = code
        self.isSolo = solo
        self.configuration = configuration
        self.metrics = metrics
        var logger = logger
        logger[metadataKey: "table"] = "\(code)"
        self.logger = logger
        self.onClose = onClose
        self.onTokenRetired = onTokenRetired
        let table = Table()
        runner = TableRunner(
            table: table,
            difficulty: Difficulty(rawValue: configuration.difficulty) ?? .normal,
            speed: configuration.speed,
            generator: SplitMix64(seed: seed))
        packets = TableEventPackets(seating: table)
        start = clock.now
        summaryState = Mutex(TableSummary(code: code, hostName: "", players: 0, seatsFree: 4, roundUnderWay: false))
    }

    /// What the lobby lists about this table; readable without waiting for the table.
    nonisolated var summary: TableSummary { summaryState.withLock { $0 } }

    // MARK: - Seating

    /// Seats a person who is connected through `outbox` and tells everyone.
    ///
    /// The newcomer gets TableJoined, a Snapshot of the table and ServerReady; the others get PlayerJoined.
    func join(_ info: PlayerInfo, token: String, outbox: Outbox) throws -> Seat {
        // The last person may have left while this request was on its way.
        guard !isClosed else { throw WireErrorCode.unknownTable }
        catchUp()
        let events = try runner.perform(.join(info))
        let seat = runner.table.seat(of: info.id)!
        members[info.id] = Member(
            info: info, token: token, outbox: outbox, calls: TokenBucket(perSecond: configuration.snapCallsPerSecond))
        broadcast(events, except: info.id)
        sendWelcomeToTable(info.id, seat: seat)
        logger.info("\(info.name) joined", metadata: ["seat": "\(seat)"])
        afterChange()
        return seat
    }

    /// Seats the computer players of a single-player table: Ray left, Lucy top, Steve right.
    func seatComputerOpponents() {
        for computer in Table.computerOpponents { _ = try? seatComputer(computer) }
    }

    /// The host asks for a computer player in the next free seat.
    func addComputer(by id: PlayerID) throws(TableError) {
        guard let seat = runner.table.seat(of: id) else { throw .notSeated }
        guard runner.table.host == seat else { throw .notHost }
        let taken = Set(runner.table.occupiedSeats.compactMap { runner.table[$0]?.info.name.lowercased() })
        let names = ["Ray", "Lucy", "Steve", "Ann", "Max", "Zoe"]
        guard let name = names.first(where: { !taken.contains($0.lowercased()) }) else { throw .nameTaken }
        try seatComputer(PlayerInfo(id: PlayerID("computer-\(name.lowercased())"), name: name, isComputer: true))
    }

    private func seatComputer(_ info: PlayerInfo) throws(TableError) {
        catchUp()
        let events = try runner.perform(.join(info))
        members[info.id] = Member(info: info, calls: TokenBucket(perSecond: 1))
        broadcast(events)
        afterChange()
    }

    private func sendWelcomeToTable(_ id: PlayerID, seat: Seat) {
        guard let outbox = members[id]?.outbox else { return }
        outbox.send(.tableJoined(code: code, seat: seat))
        sendSnapshot(to: id, seat: seat)
        outbox.send(.serverReady(players: runner.table.occupiedSeats.map {
            WirePlayer(id: runner.table[$0]!.info.id, name: runner.table[$0]!.info.name, seat: $0)
        }))
    }

    /// The whole table as `id` sees it, then who is dropped right now (which a snapshot cannot say).
    private func sendSnapshot(to id: PlayerID, seat: Seat) {
        guard let outbox = members[id]?.outbox else { return }
        outbox.send(.snapshot(runner.table.view(for: seat)))
        for (other, member) in members where other != id && member.outbox == nil && !member.info.isComputer {
            if let seat = runner.table.seat(of: other) { outbox.send(.playerConnection(seat: seat, connected: false)) }
        }
    }

    // MARK: - Playing

    /// Handles a game packet from the person `id`; a refusal goes back to them as an Error packet.
    func handle(_ packet: Packet, from id: PlayerID) {
        let received = clock.now
        catchUp()
        guard let seat = runner.table.seat(of: id) else { return refuse(id, TableError.notSeated) }
        let action: TableAction
        switch packet {
        case .clientTurnedCard:
            action = .turnCard(seat)
        case .playerShouldSnap:
            // The id a client names is ignored: the connection decides who calls.
            guard members[id]?.calls.take(at: received) ?? false else {
                return refuse(id, code: WireErrorCode.rateLimited.rawValue, WireErrorCode.rateLimited.message)
            }
            action = .callSnap(seat)
        case .startRound:
            action = .startRound(by: seat)
        case .addComputer:
            do { try addComputer(by: id) } catch { refuse(id, error) }
            return
        case .resyncRequest:
            sendSnapshot(to: id, seat: seat)
            return
        case .clientReady, .clientDealtCards:
            // Kept from the original handshake; the server times the deal itself, so nobody waits for these.
            return
        case .clientQuit:
            action = .leave(seat)
        default:
            return refuse(id, code: WireErrorCode.unexpectedPacket.rawValue, WireErrorCode.unexpectedPacket.message)
        }
        do {
            let events = try runner.perform(action)
            if case .leave = action { removeMember(id) }
            broadcast(events)
            metrics.eventLatency.recordNanoseconds((clock.now - received).nanoseconds)
            afterChange()
        } catch {
            refuse(id, error)
        }
    }

    /// The person's connection `outbox` dropped: keep their seat and cards for the grace period. A connection
    /// already replaced by a reconnection changes nothing.
    func disconnected(_ id: PlayerID, outbox: Outbox) {
        guard var member = members[id], let current = member.outbox, current === outbox else { return }
        catchUp()
        member.outbox = nil
        member.drops += 1
        let grace = configuration.reconnectGrace
        let drop = member.drops
        member.graceTask = Task { [weak self] in
            try? await Task.sleep(for: grace)
            guard !Task.isCancelled else { return }
            await self?.graceExpired(id, drop: drop)
        }
        members[id] = member
        if let seat = runner.table.seat(of: id) {
            broadcastPacket(.playerConnection(seat: seat, connected: false))
        }
        logger.info("\(member.info.name) dropped; seat kept for \(grace)")
        afterChange()
    }

    private func graceExpired(_ id: PlayerID, drop: Int) {
        guard let member = members[id], member.outbox == nil, member.drops == drop else { return }
        catchUp()
        logger.info("\(member.info.name) did not come back")
        if let seat = runner.table.seat(of: id), let events = try? runner.perform(.leave(seat)) {
            removeMember(id)
            broadcast(events)
        }
        afterChange()
    }

    /// A dropped person comes back with their token: same seat, same cards.
    func reconnect(token: String, outbox: Outbox) -> PlayerInfo? {
        guard !isClosed, let (id, member) = members.first(where: { $0.value.token == token }),
            let seat = runner.table.seat(of: id)
        else { return nil }
        catchUp()
        // The old connection may not have been noticed as dead yet: the new one takes over the seat.
        if let old = member.outbox {
            old.close(.policyViolation, reason: "replaced by a new connection")
        }
        member.graceTask?.cancel()
        members[id]?.graceTask = nil
        members[id]?.outbox = outbox
        outbox.send(.welcome(version: Wire.version, id: id, token: token))
        sendWelcomeToTable(id, seat: seat)
        broadcastPacket(.playerConnection(seat: seat, connected: true), except: id)
        logger.info("\(member.info.name) reconnected")
        afterChange()
        return member.info
    }

    /// The server is stopping: tell everyone why and close their connections.
    func shutDown(reason: String) {
        for member in members.values {
            member.outbox?.send(.serverQuit(reason: reason))
            member.outbox?.close(.goingAway, reason: reason)
            member.graceTask?.cancel()
        }
        close()
    }

    /// The table as the player `id` sees it (for tests and diagnostics).
    func view(for id: PlayerID) -> PlayerView? {
        runner.table.seat(of: id).map { runner.table.view(for: $0) }
    }

    /// Whether all 52 cards are at the table.
    var cardsAccountedFor: Bool { runner.table.cardsAccountedFor }

    /// How many times, after an action, the 52 cards were not all at the table (must stay 0).
    private(set) var conservationFailures = 0

    // MARK: - Time

    /// Fires every timer that is due, so that actions are judged against an up-to-date table.
    private func catchUp() {
        guard pausedAt == nil else { return }
        let events = runner.advance(to: clock.now - start - pausedTotal)
        if !events.isEmpty {
            broadcast(events)
            afterChange()
        }
    }

    private func scheduleNextTimer() {
        let deadline = runner.nextDeadline
        guard deadline != scheduledDeadline else { return }
        timerTask?.cancel()
        scheduledDeadline = deadline
        guard let deadline, !isClosed, pausedAt == nil else { return }
        let instant = start + pausedTotal + deadline
        timerTask = Task { [weak self, clock] in
            try? await clock.sleep(until: instant)
            guard !Task.isCancelled else { return }
            await self?.timerFired()
        }
    }

    private func timerFired() {
        scheduledDeadline = nil
        catchUp()
        scheduleNextTimer()
    }

    // MARK: - Sending

    private func broadcast(_ events: [TableEvent], except skipped: PlayerID? = nil) {
        for event in events { logger.debug("\(event)") }
        // Cheap enough to check after every action; a failure would be a bug in the rules.
        if !runner.table.cardsAccountedFor {
            conservationFailures += 1
            metrics.cardConservationFailures.increment()
            logger.error("cards not accounted for after \(events)")
        }
        for packet in packets.packets(for: events) { broadcastPacket(packet, except: skipped) }
    }

    private func broadcastPacket(_ packet: Packet, except skipped: PlayerID? = nil) {
        for (id, member) in members where id != skipped {
            member.outbox?.send(packet)
        }
    }

    private func refuse(_ id: PlayerID, _ error: TableError) {
        refuse(id, code: error.rawValue, error.description)
    }

    private func refuse(_ id: PlayerID, code: UInt16, _ message: String) {
        metrics.error(code: code)
        members[id]?.outbox?.send(.error(code: code, message: message))
    }

    private func removeMember(_ id: PlayerID) {
        members[id]?.graceTask?.cancel()
        if let token = members[id]?.token { onTokenRetired(token) }
        members[id] = nil
    }

    /// After every change: keep the lobby's summary fresh, set the next timer, close a table nobody is at.
    private func afterChange() {
        let table = runner.table
        summaryState.withLock {
            $0.hostName = table.host.flatMap { table[$0]?.info.name } ?? ""
            $0.players = UInt8(table.playerCount)
            $0.seatsFree = UInt8(Seat.count - table.playerCount)
            $0.roundUnderWay = table.phase.isRoundUnderWay
        }
        if !members.values.contains(where: { !$0.info.isComputer }) {
            close()
            return
        }
        let someoneHere = members.values.contains { !$0.info.isComputer && $0.outbox != nil }
        if isSolo && !someoneHere && pausedAt == nil {
            pausedAt = clock.now
            timerTask?.cancel()
            scheduledDeadline = nil
        } else if someoneHere, let since = pausedAt {
            pausedTotal += clock.now - since
            pausedAt = nil
        }
        scheduleNextTimer()
    }

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        timerTask?.cancel()
        for member in members.values { member.graceTask?.cancel() }
        logger.info("table closed")
        onClose(code)
    }
}
