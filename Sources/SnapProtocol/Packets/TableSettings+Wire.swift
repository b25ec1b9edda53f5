import SnapCore

extension TableSettings {
    /// Settings as ChangeSettings and TableSettings carry them: the round's length in seconds (0: classic) and
    /// the turn timer in seconds (0: none). Any numbers make settings; `TableSettings.isChoosable` says
    /// whether a host may choose them.
    public init(roundSeconds: UInt16, turnSeconds: UInt8) {
        self.init(
            roundLength: roundSeconds == 0 ? .classic : .quick(.seconds(Int(roundSeconds))),
            turnTime: turnSeconds == 0 ? nil : .seconds(Int(turnSeconds)))
    }

    /// The round's length in whole seconds, 0 for classic.
    public var roundSeconds: UInt16 {
        roundLength.timeLimit.map { UInt16(clamping: $0.components.seconds) } ?? 0
    }

    /// The turn timer in whole seconds, 0 for none.
    public var turnSeconds: UInt8 {
        turnTime.map { UInt8(clamping: $0.components.seconds) } ?? 0
    }

    /// Each seat's head start in whole milliseconds, by seat number, as HeadStarts and the records carry them.
    public var headStartMilliseconds: [UInt16] {
        Seat.allCases.map { UInt16(clamping: headStart(for: $0).milliseconds) }
    }

    /// Whether the table is locked (bit 0) and private (bit 1), as TableAccess, SetTableAccess and the records carry
    /// it.
    public var accessFlags: UInt8 {
        (isLocked ? 1 : 0) | (isPrivate ? 2 : 0)
    }

    /// Whether `flags` sets no bit but those of ``accessFlags``: anything else is refused when read.
    public static func isValidAccess(_ flags: UInt8) -> Bool {
        flags & ~3 == 0
    }

    /// These settings with the access `flags` carry (``accessFlags``).
    public func withAccess(flags: UInt8) -> TableSettings {
        var settings = self
        settings.isLocked = flags & 1 != 0
        settings.isPrivate = flags & 2 != 0
        return settings
    }

    /// These settings with the head starts HeadStarts carries, by seat number (missing seats: none).
    public func withHeadStarts(milliseconds: [UInt16]) -> TableSettings {
        var settings = self
        for seat in Seat.allCases {
            let index = Int(seat.rawValue)
            settings.setHeadStart(.milliseconds(index < milliseconds.count ? Int(milliseconds[index]) : 0), for: seat)
        }
        return settings
    }
}

extension Packet {
    /// The TableSettings packet for `settings`.
    public static func tableSettings(_ settings: TableSettings) -> Packet {
        .tableSettings(roundSeconds: settings.roundSeconds, turnSeconds: settings.turnSeconds)
    }

    /// Every packet that carries `settings`: TableSettings, HeadStarts and TableAccess, in that order.
    public static func settings(_ settings: TableSettings) -> [Packet] {
        [.tableSettings(settings), .headStarts(settings), .tableAccess(settings)]
    }

    /// The TableAccess packet for `settings`.
    public static func tableAccess(_ settings: TableSettings) -> Packet {
        .tableAccess(flags: settings.accessFlags)
    }

    /// The HeadStarts packet for `settings`.
    public static func headStarts(_ settings: TableSettings) -> Packet {
        .headStarts(milliseconds: settings.headStartMilliseconds)
    }
}
