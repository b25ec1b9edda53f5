/// A stable identifier for a player at a table, chosen by whoever seats them.
public struct PlayerID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Wraps an identifier's text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps an identifier's text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identifier's text.
    public var description: String { rawValue }
}

/// What everyone at the table knows about a player: who they are, not their cards.
public struct PlayerInfo: Hashable, Sendable, Codable {
    /// The player's identifier.
    public var id: PlayerID
    /// The player's display name.
    public var name: String
    /// Whether a computer plays this seat.
    public var isComputer: Bool

    /// Describes a player.
    public init(id: PlayerID, name: String, isComputer: Bool = false) {
        self.id = id
        self.name = name
        self.isComputer = isComputer
    }
}
