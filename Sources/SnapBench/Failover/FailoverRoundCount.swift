import SnapCore

/// The cards turned in a table's round so far, as a bot or the table's journal counts them.
struct FailoverRoundCount: Hashable, Sendable, Comparable {
    /// The round's number (as ``TableEvent/roundStarted(round:startingSeat:)`` gives it).
    var round: Int
    /// The cards turned in it.
    var turned: Int

    /// Counts `events`: a round that starts counts from nothing.
    mutating func add(_ events: [TableEvent]) {
        for event in events {
            switch event {
            case .roundStarted(let number, _):
                round = number
                turned = 0
            case .cardTurned:
                turned += 1
            default:
                break
            }
        }
    }

    /// The cards seen turned (`self`) that `journaled` does not have: all of them when the journal has not
    /// reached this round, none when it is past it.
    func missing(from journaled: FailoverRoundCount) -> Int {
        if round > journaled.round { return turned }
        if round < journaled.round { return 0 }
        return max(0, turned - journaled.turned)
    }

    static func < (lhs: FailoverRoundCount, rhs: FailoverRoundCount) -> Bool {
        (lhs.round, lhs.turned) < (rhs.round, rhs.turned)
    }
}
