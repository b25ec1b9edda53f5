import SnapCore
import SnapProtocol

extension TableSession {
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

    /// A dropped person comes back with their token: same seat, same cards.
    func reconnect(token: String, outbox: Outbox) -> PlayerInfo? {
        guard !isClosed, let (id, member) = members.member(holding: token), let seat = runner.table.seat(of: id)
        else { return nil }
        catchUp()
        // The old connection may not have been noticed as dead yet: the new one takes over the seat.
        if let old = member.outbox {
            old.close(.policyViolation, reason: Wire.replacedCloseReason)
        }
        member.grace?.cancel()
        members[id]?.grace = nil
        members[id]?.outbox = outbox
        outbox.send(.welcome(version: Wire.version, id: id, token: token))
        // Back in time for the snapshot's clocks to show their full turn time again.
        broadcast((try? perform(.setPresence(seat, present: true))) ?? [])
        sendWelcomeToTable(id, seat: seat)
        send([.playerConnection(seat: seat, connected: true)], except: id)
        logger.info("\(member.info.name) reconnected")
        afterChange()
        return member.info
    }

    /// The server is stopping: tell everyone why and close their connections.
    func shutDown(reason: String) {
        // The lobby tells every connection, watchers included, that the server is going.
        _ = watchers.removeAll()
        for member in members.all {
            member.outbox?.send(.serverQuit(reason: reason))
            member.outbox?.close(.goingAway, reason: reason)
            member.grace?.cancel()
        }
        close()
    }

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
            send([.playerConnection(seat: seat, connected: false)])
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
}
