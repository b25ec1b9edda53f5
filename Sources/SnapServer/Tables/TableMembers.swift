import SnapCore
import SnapProtocol

/// The people and computer players seated at one table and their connections: who is there, who is connected, and
/// what each one's network allows for when calls are judged.
struct TableMembers {
    /// In the order they sat down. At most four, so a list searched by id is smaller and quicker than a dictionary.
    private(set) var all: [TableMember] = [] {
        didSet {
            changes &+= 1
            for index in all.indices { all[index].outbox?.network.reportChanges(to: networkChanges) }
            recipients = TableRecipients(all.lazy.compactMap(\.outbox))
            anyPerson = all.contains { $0.isPerson }
        }
    }
    /// Each connected member's outbox, in the order they sat down: what the table sends to on every action. Kept
    /// apart from the members' whole records (96 bytes each), in place, so that sending reads nothing else.
    private(set) var recipients = TableRecipients()
    /// Goes up with every change of the members or of their connections.
    private var changes: UInt32 = 0
    /// Counts the changes of the allowances of the members' connections, each of which reports to it.
    let networkChanges = AllowanceChanges()

    subscript(id: PlayerID) -> TableMember? {
        get { all.first { $0.info.id == id } }
        set {
            let index = all.firstIndex { $0.info.id == id }
            switch (index, newValue) {
            case (let index?, let member?):
                all[index] = member
            case (let index?, nil):
                all.remove(at: index)
            case (nil, let member?):
                precondition(member.info.id == id, "a member is kept under their own id")
                all.append(member)
            case (nil, nil):
                break
            }
        }
    }

    /// Whether any person (connected or not) is seated. Asked after every action, so kept rather than found.
    private(set) var anyPerson = false

    /// Whether any person is connected right now.
    var anyoneConnected: Bool { all.contains { $0.isPerson && $0.outbox != nil } }

    /// The member holding `token`.
    func member(holding token: String) -> (PlayerID, TableMember)? {
        all.first { $0.token == token }.map { ($0.info.id, $0) }
    }

    /// The reconnect token of each person, by id.
    var tokens: [PlayerID: String] {
        Dictionary(uniqueKeysWithValues: all.compactMap { member in member.token.map { (member.info.id, $0) } })
    }

    /// The people whose connection has dropped.
    var dropped: [PlayerID] {
        all.filter { $0.isPerson && $0.outbox == nil }.map(\.info.id)
    }

    /// What each seated member's network allows for: measured for connected people; none for computer players
    /// and for people who have dropped (they cannot call, so nobody waits for them).
    func allowances(at table: borrowing Table) -> SeatAllowances {
        var allowances = SeatAllowances()
        // By index: iterating would copy each member.
        for index in all.indices {
            guard let network = all[index].outbox?.network, let seat = table.seat(of: all[index].info.id) else {
                continue
            }
            allowances[seat] = network.allowance
        }
        return allowances
    }

    /// A number that moves whenever what ``allowances(at:)`` says may have moved — a member or a connection came or
    /// went, or a connection's allowance changed (``networkChanges``) — read without a lock and without visiting the
    /// connections. `seating` is the table's own count of its seating changes, which move the allowances from seat
    /// to seat.
    func allowanceStamp(seating: UInt32) -> UInt64 {
        // Both counts only ever go up, so their sum moves whenever one does.
        UInt64(changes &+ networkChanges.value) << 32 | UInt64(seating)
    }

    /// How the network of the player in `seat` looks to the judge (nil: nobody sits there): measured for a connected
    /// person; nothing to allow for a computer player or a person who has dropped.
    func networkTime(of seat: Seat, at table: Table, judging: JudgingRule) -> NetworkTime? {
        guard let info = table[seat]?.info else { return nil }
        guard let member = self[info.id], member.isPerson else { return NetworkTime(seat: seat, source: .noNetwork) }
        guard let network = member.outbox?.network else { return NetworkTime(seat: seat, source: .disconnected) }
        guard let median = network.medianRoundTrip else { return NetworkTime(seat: seat, source: .notYetMeasured) }
        return NetworkTime(
            seat: seat, source: .measured, median: median,
            mostTakenOff: min(network.allowance.most, judging.maximumCompensation), samples: network.sampleCount)
    }

    /// Removes a member for good; returns them.
    @discardableResult
    mutating func remove(_ id: PlayerID) -> TableMember? {
        let member = self[id]
        self[id] = nil
        member?.grace?.cancel()
        return member
    }
}
