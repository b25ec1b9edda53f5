/// What anyone at a table may know of one player's network, as the judge sees it: the typical (median) round trip
/// of the table's pings, and the most network time the judge would take off that player's call now (RULES.md,
/// "Network time").
public struct NetworkTime: Hashable, Sendable {
    /// Where the figures come from.
    public enum Source: UInt8, Hashable, Sendable, CaseIterable {
        /// Measured from the table's pings to the player's connection.
        case measured = 0
        /// Connected, but no ping answered yet: nothing is taken off for now.
        case notYetMeasured = 1
        /// The player's connection has dropped: they cannot call until they are back.
        case disconnected = 2
        /// A computer player, or a person at the table's own machine: there is no network to allow for.
        case noNetwork = 3
    }

    /// Whose network.
    public var seat: Seat
    /// Where the figures come from; both are zero unless ``Source/measured``.
    public var source: Source
    /// The median of the recent round trips.
    public var median: Duration
    /// The most network time the judge would take off this player's call now: their longest recent round trip and
    /// a little slack, never more than the rules' bound.
    public var mostTakenOff: Duration
    /// How many recent round trips the figures come from.
    public var samples: Int

    /// Describes a player's network.
    public init(seat: Seat, source: Source, median: Duration = .zero, mostTakenOff: Duration = .zero, samples: Int = 0) {
        self.seat = seat
        self.source = source
        self.median = source == .measured ? max(.zero, median) : .zero
        self.mostTakenOff = source == .measured ? max(.zero, mostTakenOff) : .zero
        self.samples = source == .measured ? max(0, samples) : 0
    }
}
