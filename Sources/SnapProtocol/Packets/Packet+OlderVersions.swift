import SnapCore

extension Array where Element == Packet {
    /// The packets as a client of `version` can read them: before version 11 a false start is a wrong call (the same
    /// payments follow it), and the table resuming after them, since a wrong call stops that client's table until
    /// it resumes; a snapshot's false starts are wrong calls too. From version 11 on, the packets themselves.
    public func adapted(to version: UInt8) -> [Packet] {
        guard version < Wire.falseStartsSince, contains(where: \.mentionsAFalseStart) else { return self }
        var adapted: [Packet] = []
        adapted.reserveCapacity(count + 1)
        var paying = false
        for packet in self {
            if paying, !packet.isAPayment {
                adapted.append(.resumed)
                paying = false
            }
            switch packet {
            case .playerCalledSnap(let id, .falseStart):
                adapted.append(.playerCalledSnap(id: id, verdict: .wrong))
                paying = true
            case .snapshot(var view):
                view.calls = view.calls.map { $0.verdict == .falseStart ? SnapCall(seat: $0.seat, verdict: .wrong) : $0 }
                adapted.append(.snapshot(view))
            default:
                adapted.append(packet)
            }
        }
        if paying { adapted.append(.resumed) }
        return adapted
    }
}

extension Packet {
    /// Whether a client before version 11 would read this packet wrongly: a false start, or a snapshot with one.
    fileprivate var mentionsAFalseStart: Bool {
        switch self {
        case .playerCalledSnap(_, .falseStart): true
        case .snapshot(let view): view.calls.contains { $0.verdict == .falseStart }
        default: false
        }
    }

    /// Whether this packet settles a call: a card paid, or its payer out.
    fileprivate var isAPayment: Bool {
        switch self {
        case .cardPaid, .playerOut: true
        default: false
        }
    }
}
