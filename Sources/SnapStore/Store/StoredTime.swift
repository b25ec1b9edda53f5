import Foundation

// Every store keeps times to the microsecond (what PostgreSQL's timestamptz holds), as whole microseconds
// since 1970-01-01 UTC, so that a time comes back from any store exactly as the others give it.
extension Date {
    /// Microseconds since 1970-01-01 00:00 UTC, rounded to the nearest.
    public var storedMicroseconds: Int64 {
        Int64((timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// The time `storedMicroseconds` microseconds after 1970-01-01 00:00 UTC.
    public init(storedMicroseconds: Int64) {
        self.init(timeIntervalSince1970: Double(storedMicroseconds) / 1_000_000)
    }

    /// This time as a store gives it back: to the microsecond.
    var storedPrecision: Date { Date(storedMicroseconds: storedMicroseconds) }
}

extension RoundRecord {
    /// The round as a store gives it back: times to the microsecond.
    public var storedPrecision: RoundRecord {
        var round = self
        round.startedAt = startedAt.storedPrecision
        round.endedAt = endedAt.storedPrecision
        return round
    }
}

/// How names are compared: without regard to case, the same way in every store (Swift's lower-casing, not
/// the database's, which differ outside ASCII).
public func nameKey(_ name: String) -> String {
    name.lowercased()
}

/// The version of the schema this build writes, and the newest it can read.
enum StoreSchema {
    /// 1: rounds, their players and calls. 2: the winner's name lower-cased (for stats), and calls indexed by name.
    /// 3: each player's head start. 4: each round's deal code. 5: a call may be a false start.
    static let version = 5
}
