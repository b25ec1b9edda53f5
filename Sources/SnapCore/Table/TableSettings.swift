/// What the host chooses for a table: how rounds end, how long a player has to turn, each seat's head start, and
/// who may come in.
public struct TableSettings: Hashable, Sendable {
    /// How a round ends.
    public var roundLength: RoundLength
    /// How long the active player has to turn before the table turns for them; nil: no turn timer.
    public var turnTime: Duration?
    /// The seats with a head start, and how much (RULES.md: a call's reaction counts as that much shorter).
    /// A seat missing has none; zero is never kept, so that equal settings compare equal.
    public private(set) var headStarts: [Seat: Duration]
    /// Whether the table is locked: nobody new may join (the host may still seat computer players, and those
    /// seated keep their seats).
    public var isLocked: Bool
    /// Whether the table is private: in no listing (the lobby's, `/api/tables`, the LAN announcement's counts),
    /// joinable by its code or link only.
    public var isPrivate: Bool

    /// How long the table waits for a player whose connection has dropped before turning for them.
    public static let absentTurnTime: Duration = .seconds(1)
    /// The turn timer RULES.md describes: 8 seconds.
    public static let standardTurnTime: Duration = .seconds(8)

    /// The longest turn timer a host may choose.
    public static let turnTimeChoices: ClosedRange<Duration> = .seconds(3) ... .seconds(30)

    /// The head starts a host may give a seat, the first being none.
    public static let headStartChoices: [Duration] = [0, 100, 200, 300, 500].map { .milliseconds($0) }

    /// What a new table gets unless its host chooses otherwise: a quick round of 5 minutes, 8 seconds a turn.
    public static let standard = TableSettings(roundLength: .standardQuick, turnTime: standardTurnTime)

    /// Whether a host may choose these settings: a classic round or one of ``RoundLength/quickChoices``, no turn
    /// timer or a whole number of seconds in ``turnTimeChoices``, and head starts from ``headStartChoices``.
    public var isChoosable: Bool {
        let roundAllowed = roundLength.timeLimit.map(RoundLength.quickChoices.contains) ?? true
        let turnAllowed = turnTime.map {
            Self.turnTimeChoices.contains($0) && $0.components.attoseconds == 0
        } ?? true
        let headStartsAllowed = headStarts.values.allSatisfy(Self.headStartChoices.contains)
        return roundAllowed && turnAllowed && headStartsAllowed
    }

    /// Settings; by default a classic round with no turn timer and no head starts at an open, listed table, as the
    /// original game.
    public init(
        roundLength: RoundLength = .classic, turnTime: Duration? = nil, headStarts: [Seat: Duration] = [:],
        isLocked: Bool = false, isPrivate: Bool = false
    ) {
        self.roundLength = roundLength
        self.turnTime = turnTime
        self.headStarts = headStarts.filter { $0.value != .zero }
        self.isLocked = isLocked
        self.isPrivate = isPrivate
    }

    /// Whether `other` differs from these settings in who may come in only: the host may change that during a
    /// round too.
    public func differsOnlyInAccess(from other: TableSettings) -> Bool {
        var same = other
        same.isLocked = isLocked
        same.isPrivate = isPrivate
        return same == self
    }

    /// The head start of the player at `seat` (zero when none).
    public func headStart(for seat: Seat) -> Duration {
        headStarts[seat] ?? .zero
    }

    /// Gives the player at `seat` a head start of `headStart` (zero takes it away).
    public mutating func setHeadStart(_ headStart: Duration, for seat: Seat) {
        headStarts[seat] = headStart == .zero ? nil : headStart
    }
}

extension TableSettings {
    /// The settings with the next round length a host can choose, in the order 3, 5, 10 minutes, classic.
    public var withNextRoundLength: TableSettings {
        let choices = RoundLength.quickChoices.map(RoundLength.quick) + [.classic]
        let index = choices.firstIndex(of: roundLength) ?? choices.count - 1
        var next = self
        next.roundLength = choices[(index + 1) % choices.count]
        return next
    }

    /// The head start after `headStart` in ``headStartChoices``, back to none after the largest.
    public static func nextHeadStart(after headStart: Duration) -> Duration {
        let index = headStartChoices.firstIndex(of: headStart) ?? 0
        return headStartChoices[(index + 1) % headStartChoices.count]
    }

    /// The settings in a few words: "Quick round: 5 min · 8 s a turn", "Classic round · no turn timer".
    public var summary: String {
        let round = roundLength.timeLimit.map { "Quick round: \(Int($0 / .seconds(60))) min" } ?? "Classic round"
        let turn = turnTime.map { "\($0.components.seconds) s a turn" } ?? "no turn timer"
        return "\(round) · \(turn)"
    }
}
