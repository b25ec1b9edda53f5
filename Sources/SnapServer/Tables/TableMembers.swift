import SnapCore
import SnapProtocol

/// The people and computer players seated at one table and their connections: who is there, who is connected, and
/// what each one's network allows for when calls are judged.
struct TableMembers {
    private(set) var byID: [PlayerID: TableMember] = [:]

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

    /// How the network of the player in `seat` looks to the judge (nil: nobody sits there): measured for a connected
    /// person; nothing to allow for a computer player or a person who has dropped.
    func networkTime(of seat: Seat, at table: Table, judging: JudgingRule) -> NetworkTime? {
        guard let info = table[seat]?.info else { return nil }
        guard let member = byID[info.id], member.isPerson else { return NetworkTime(seat: seat, source: .noNetwork) }
        guard let network = member.outbox?.network else { return NetworkTime(seat: seat, source: .disconnected) }
        guard let median = network.medianRoundTrip else { return NetworkTime(seat: seat, source: .notYetMeasured) }
        return NetworkTime(
            seat: seat, source: .measured, median: median,
            mostTakenOff: min(network.allowance.most, judging.maximumCompensation), samples: network.sampleCount)
    }

    /// Removes a member for good; returns them.
    @discardableResult
    mutating func remove(_ id: PlayerID) -> TableMember? {
        let member = byID.removeValue(forKey: id)
        member?.grace?.cancel()
        return member
    }

    /// Every member, to say goodbye to.
    var all: Dictionary<PlayerID, TableMember>.Values { byID.values }
}
