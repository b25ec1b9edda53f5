import SnapCore
import SnapProtocol

/// The people and computer players at one table and their connections, and the people watching it: who to send
/// what, and what each one's network allows for when calls are judged.
struct TableMembers {
    private(set) var byID: [PlayerID: TableMember] = [:]
    /// The people watching, by the id they signed in with. They have no seat: they are sent what a seat-less
    /// view shows, always after the players, and never keep the table open.
    private(set) var watchers: [PlayerID: Outbox] = [:]
    /// What waits for the table's journal (in a cluster).
    var gate = JournalGate()

    subscript(id: PlayerID) -> TableMember? {
        get { byID[id] }
        set { byID[id] = newValue }
    }

    /// Whether any person (connected or not) is seated.
    var anyPerson: Bool { byID.values.contains { $0.isPerson } }

    /// Whether any person is connected right now.
    var anyoneConnected: Bool { byID.values.contains { $0.isPerson && $0.outbox != nil } }

    /// The member holding `token`.
    func member(holding token: String) -> (PlayerID, TableMember)? {
        byID.first { $0.value.token == token }.map { ($0.key, $0.value) }
    }

    /// The reconnect token of each person, by id.
    var tokens: [PlayerID: String] {
        byID.compactMapValues(\.token)
    }

    /// The people whose connection has dropped.
    var dropped: [PlayerID] {
        byID.filter { $0.value.isPerson && $0.value.outbox == nil }.map(\.key)
    }

    /// Sends `packets` to everyone connected except `skipped`: the players first, then the watchers, so that
    /// watching never delays a player. Packets a client's protocol version does not know (CallTiming for
    /// version 1, the clocks for versions 1 and 2, the watcher count before version 4) are left out for that
    /// client.
    mutating func broadcast(_ packets: [Packet], except skipped: PlayerID? = nil) {
        for (id, member) in byID where id != skipped {
            guard let outbox = member.outbox else { continue }
            send(packets, to: outbox)
        }
        for (id, outbox) in watchers where id != skipped { send(packets, to: outbox) }
    }

    /// Sends one packet to one member or watcher, if connected.
    mutating func send(_ packet: Packet, to id: PlayerID) {
        guard let outbox = byID[id]?.outbox ?? watchers[id] else { return }
        send([packet], to: outbox)
    }

    /// Sends `packets` to `outbox` once the journal has what caused them.
    mutating func send(_ packets: [Packet], to outbox: Outbox) {
        guard !gate.hold(packets, for: outbox) else { return }
        Self.deliver(packets, to: outbox)
    }

    /// The journal has its first `count` entries: sends what waited for them.
    mutating func journalWritten(upTo count: Int) {
        for (outbox, packets) in gate.written(upTo: count) { Self.deliver(packets, to: outbox) }
    }

    private static func deliver(_ packets: [Packet], to outbox: Outbox) {
        let version = outbox.version
        // An event's packets go to each connection together, in one write.
        outbox.send(packets.filter { speaks(version, $0) })
    }

    private static func speaks(_ version: UInt8, _ packet: Packet) -> Bool {
        version >= packet.type.sinceVersion
    }

    /// What each seated member's network allows for: measured for connected people; none for computer players
    /// and for people who have dropped (they cannot call, so nobody waits for them).
    func allowances(at table: Table) -> [Seat: NetworkAllowance] {
        var allowances = [Seat: NetworkAllowance]()
        for (id, member) in byID {
            guard let seat = table.seat(of: id), let outbox = member.outbox else { continue }
            allowances[seat] = outbox.network.allowance
        }
        return allowances
    }

    /// Removes a member for good; returns them.
    @discardableResult
    mutating func remove(_ id: PlayerID) -> TableMember? {
        let member = byID.removeValue(forKey: id)
        member?.grace?.cancel()
        return member
    }

    /// Adds a watcher.
    mutating func addWatcher(_ id: PlayerID, outbox: Outbox) {
        watchers[id] = outbox
    }

    /// Removes a watcher; returns their connection, nil if they were not watching.
    @discardableResult
    mutating func removeWatcher(_ id: PlayerID) -> Outbox? {
        watchers.removeValue(forKey: id)
    }

    /// Removes every watcher; returns their connections.
    mutating func removeAllWatchers() -> [Outbox] {
        defer { watchers = [:] }
        return Array(watchers.values)
    }

    /// Every member, to say goodbye to.
    var all: Dictionary<PlayerID, TableMember>.Values { byID.values }
}
