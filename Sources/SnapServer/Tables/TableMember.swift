import SnapCore

/// A person or computer player seated at a table, as the server knows them.
struct TableMember {
    /// Who they are.
    var info: PlayerInfo
    /// The secret that gets a person back into the seat after a drop (computer players have none).
    var token: String?
    /// The person's connection; nil while they are dropped (and always for a computer player).
    var outbox: Outbox?
    /// Runs out the grace period of a dropped person.
    var grace: ServerClockWake?
    /// Counts drops, so that a grace timer from an earlier drop cannot remove the player.
    var drops = 0

    /// Whether a person sits here (as opposed to a computer player).
    var isPerson: Bool { !info.isComputer }
}
