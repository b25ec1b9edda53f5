import SnapCore

// A round's log as the store keeps it: compact bytes, read back strictly. docs/ARCHITECTURE.md ("Recording")
// has the layout. Times are kept exactly (Duration's attoseconds included): a replay must fire the same timers
// in the same order.
extension RoundLog {
    /// The first bytes of every encoded log, then its format version.
    static let magic: [UInt8] = Array("SNRL".utf8)
    /// The format this code writes: 2 added each seat's head start to the settings, 3 whether the table is locked
    /// or private, and the host's removing a player, 4 how a round is dealt (its deal code drawn or chosen), 5 the
    /// false start's floor. It reads 1 to 4 too: their rounds were dealt without a code before 4, and had no false
    /// starts before 5.
    public static let formatVersion: UInt8 = 5

    /// The log as bytes.
    public func encoded() -> [UInt8] {
        var log = EncodedRoundLog(start: start)
        for step in steps { log.append(step) }
        return log.bytes
    }

    /// Reads a log written by ``encoded()``.
    ///
    /// - Throws: ``ProtocolError`` naming the field that is wrong; a log of a newer format is refused.
    public init(bytes: [UInt8]) throws(ProtocolError) {
        var reader = ByteReader(bytes)
        for byte in Self.magic where try reader.u8("RoundLog.magic") != byte { throw .badMagic }
        let version = try reader.u8("RoundLog.version")
        guard (1...Self.formatVersion).contains(version) else {
            throw .invalidValue(field: "RoundLog.version", value: Int(version))
        }
        let start = try RoundStart.read(from: &reader, version: version)
        let count = try reader.varint("RoundLog.steps")
        guard count <= UInt64(reader.remaining) else { throw .countOutOfRange(field: "RoundLog.steps", count: Int(clamping: count)) }
        var steps = [RoundStep]()
        steps.reserveCapacity(Int(count))
        var time = Duration.zero
        for index in 0..<Int(count) {
            let field = "RoundLog.steps[\(index)]"
            switch try reader.u8(field) {
            case 1: steps.append(.perform(try TableAction.read(from: &reader, field, version: version)))
            case 2:
                time += try reader.duration(field + ".advance")
                steps.append(.advance(to: time))
            case 3: steps.append(.allowances(try reader.allowances(field + ".allowances")))
            case let tag: throw .invalidValue(field: field, value: Int(tag))
            }
        }
        try reader.finish()
        self.init(start: start, steps: steps)
    }
}

/// A round's log kept as its bytes while the round is played: a few kilobytes a round where the steps as values
/// would take tens. What a server's tables record into; ``bytes`` is what `RoundLog.encoded()` gives for the
/// same steps.
public struct EncodedRoundLog: RoundLogBuilder {
    /// Where the round started from.
    public let start: RoundStart
    private var body = ByteWriter(capacity: 1_024)
    /// The time of the last move of the timeline (moves are written as the time since it).
    private var time = Duration.zero
    /// Where the last step began, and the time before it, to replace it.
    private var last: (offset: Int, time: Duration, wasAction: Bool)?
    /// How many steps have been written.
    public private(set) var stepCount = 0
    /// How many of them are actions.
    public private(set) var actionCount = 0

    /// An empty log of the round from `start`.
    public init(start: RoundStart) {
        self.start = start
    }

    /// Writes `step` at the end.
    public mutating func append(_ step: RoundStep) {
        var isAction = false
        last = (body.bytes.count, time, false)
        switch step {
        case .perform(let action):
            body.u8(1)
            action.write(to: &body)
            isAction = true
        case .advance(let to):
            body.u8(2)
            // The time since the last move: small numbers, few bytes.
            body.duration(to - time)
            time = to
        case .allowances(let allowances):
            body.u8(3)
            body.allowances(allowances)
        }
        last?.wasAction = isAction
        stepCount += 1
        if isAction { actionCount += 1 }
    }

    /// Replaces the last step, a move of the timeline, with `step` (appends it when the last step was an action).
    public mutating func replaceLastAdvance(with step: RoundStep) {
        guard let last, !last.wasAction else { return append(step) }
        body.truncate(to: last.offset)
        time = last.time
        stepCount -= 1
        append(step)
    }

    /// The whole log as bytes: the format's mark and version, the start, the number of steps, the steps.
    public var bytes: [UInt8] {
        var writer = ByteWriter(capacity: 64 + body.bytes.count)
        for byte in RoundLog.magic { writer.u8(byte) }
        writer.u8(RoundLog.formatVersion)
        start.write(to: &writer)
        writer.varint(UInt64(stepCount))
        writer.append(contentsOf: body.bytes)
        return writer.bytes
    }
}

extension RoundStart {
    func write(to writer: inout ByteWriter) {
        for seat in seats {
            writer.bool(seat != nil)
            guard let seat else { continue }
            writer.player(seat.info)
            writer.varint(UInt64(max(0, seat.gamesWon)))
        }
        writer.optionalSeat(host)
        writer.varint(UInt64(max(0, roundsBefore)))
        writer.optionalSeat(previousStartingSeat)
        writer.u8(absent.reduce(0) { $0 | 1 << $1.rawValue })
        writer.settings(settings)
        writer.u8(UInt8(Difficulty.allCases.firstIndex(of: difficulty)!))
        writer.u64(speed.bitPattern)
        switch judging {
        case .arrival: writer.u8(0)
        case .reaction(let bound):
            writer.u8(1)
            writer.duration(bound)
        }
        writer.duration(falseStartFloor)
        writer.u64(seed)
        writer.allowances(allowances)
    }

    /// Reads a start written in format `version` (of ``RoundLog`` or ``TableJournalRecord``, which move together).
    static func read(from reader: inout ByteReader, version: UInt8) throws(ProtocolError) -> RoundStart {
        var seats = [Seated?]()
        for seat in Seat.allCases {
            let field = "RoundStart.seats[\(seat.rawValue)]"
            guard try reader.bool(field) else {
                seats.append(nil)
                continue
            }
            let info = try reader.player(field)
            seats.append(Seated(info: info, gamesWon: Int(clamping: try reader.varint(field + ".gamesWon"))))
        }
        let host = try reader.optionalSeat("RoundStart.host")
        let roundsBefore = Int(clamping: try reader.varint("RoundStart.roundsBefore"))
        let previous = try reader.optionalSeat("RoundStart.previousStartingSeat")
        let absentBits = try reader.u8("RoundStart.absent")
        let settings = try reader.settings("RoundStart.settings", version: version)
        let level = try reader.number("RoundStart.difficulty", limit: Difficulty.allCases.count - 1)
        let speed = Double(bitPattern: try reader.u64("RoundStart.speed"))
        guard speed > 0, speed.isFinite else { throw .invalidValue(field: "RoundStart.speed", value: 0) }
        let judging: JudgingRule
        switch try reader.u8("RoundStart.judging") {
        case 0: judging = .arrival
        case 1: judging = .reaction(maximumCompensation: try reader.duration("RoundStart.judging.bound"))
        case let kind: throw .invalidValue(field: "RoundStart.judging", value: Int(kind))
        }
        let falseStartFloor = version >= 5 ? try reader.duration("RoundStart.falseStartFloor") : .zero
        let seed = try reader.u64("RoundStart.seed")
        let allowances = try reader.allowances("RoundStart.allowances")
        return RoundStart(
            seats: seats, host: host, roundsBefore: roundsBefore, previousStartingSeat: previous,
            absent: Set(Seat.allCases.filter { absentBits & (1 << $0.rawValue) != 0 }), settings: settings,
            difficulty: Difficulty.allCases[Int(level)], speed: speed, judging: judging,
            falseStartFloor: falseStartFloor, seed: seed, allowances: allowances)
    }
}

extension TableAction {
    func write(to writer: inout ByteWriter) {
        switch self {
        case .join(let info):
            writer.u8(1)
            writer.player(info)
        case .leave(let seat):
            writer.u8(2)
            writer.seat(seat)
        case .startRound(let seat, let deal):
            writer.u8(3)
            writer.seat(seat)
            switch deal {
            case .drawn: writer.u8(0)
            case .chosen(let code):
                writer.u8(1)
                writer.u64(code.value)
            case .withoutCode: writer.u8(2)
            }
        case .turnCard(let seat):
            writer.u8(4)
            writer.seat(seat)
        case .callSnap(let seat, let reaction):
            writer.u8(5)
            writer.seat(seat)
            writer.bool(reaction != nil)
            if let reaction { writer.duration(reaction) }
        case .advance(let step):
            writer.u8(6)
            writer.u8(UInt8(TimedStep.all.firstIndex(of: step)!))
        case .changeSettings(let settings, let seat):
            writer.u8(7)
            writer.settings(settings)
            writer.seat(seat)
        case .timeRanOut:
            writer.u8(8)
        case .setPresence(let seat, let present):
            writer.u8(9)
            writer.seat(seat)
            writer.bool(present)
        case .remove(let seat, let remover):
            writer.u8(10)
            writer.seat(seat)
            writer.seat(remover)
        }
    }

    /// Reads an action written in format `version`.
    static func read(from reader: inout ByteReader, _ field: String, version: UInt8) throws(ProtocolError) -> TableAction {
        switch try reader.u8(field + ".action") {
        case 1: return .join(try reader.player(field + ".join"))
        case 2: return .leave(try reader.seat(field + ".leave"))
        case 3:
            let seat = try reader.seat(field + ".startRound")
            guard version >= 4 else { return .startRound(by: seat, deal: .withoutCode) }
            return .startRound(by: seat, deal: try reader.roundDeal(field + ".startRound.deal"))
        case 4: return .turnCard(try reader.seat(field + ".turnCard"))
        case 5:
            let seat = try reader.seat(field + ".callSnap")
            let reaction = try reader.bool(field + ".callSnap.hasReaction") ? try reader.duration(field + ".callSnap.reaction") : nil
            return .callSnap(seat, reaction: reaction)
        case 6: return .advance(TimedStep.all[Int(try reader.number(field + ".advance", limit: TimedStep.all.count - 1))])
        case 7:
            let settings = try reader.settings(field + ".changeSettings", version: version)
            return .changeSettings(settings, by: try reader.seat(field + ".changeSettings.seat"))
        case 8: return .timeRanOut
        case 9: return .setPresence(try reader.seat(field + ".setPresence"), present: try reader.bool(field + ".setPresence.present"))
        case 10 where version >= 3:
            return .remove(try reader.seat(field + ".remove"), by: try reader.seat(field + ".remove.by"))
        case let tag: throw .invalidValue(field: field + ".action", value: Int(tag))
        }
    }
}

extension TimedStep {
    static let all: [TimedStep] = [.finishDeal, .activateNext, .moveCards, .resume, .turnForPlayer]
}

extension ByteWriter {
    /// An unsigned number in 7-bit groups, lowest first (LEB128): 1 byte below 128.
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            u8(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        u8(UInt8(value))
    }

    /// A duration exactly: its sign, then whole nanoseconds and the attoseconds left over, as varints.
    mutating func duration(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let negative = seconds < 0 || attoseconds < 0
        let (s, a) = negative ? (-seconds, -attoseconds) : (seconds, attoseconds)
        u8(negative ? 1 : 0)
        varint(UInt64(s) &* 1_000_000_000 &+ UInt64(a / 1_000_000_000))
        varint(UInt64(a % 1_000_000_000))
    }

    mutating func player(_ info: PlayerInfo) {
        string(info.id.rawValue)
        string(info.name)
        bool(info.isComputer)
    }

    mutating func settings(_ settings: TableSettings) {
        u16(settings.roundSeconds)
        u8(settings.turnSeconds)
        for milliseconds in settings.headStartMilliseconds { u16(milliseconds) }
        u8(settings.accessFlags)
    }

    mutating func allowances(_ allowances: [Seat: NetworkAllowance]) {
        u8(UInt8(allowances.count))
        for seat in Seat.allCases {
            guard let allowance = allowances[seat] else { continue }
            self.seat(seat)
            duration(allowance.typical)
            duration(allowance.most)
        }
    }
}

extension ByteReader {
    mutating func varint(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let byte = try u8(field())
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        throw .invalidValue(field: field(), value: -1)
    }

    mutating func duration(_ field: @autoclosure () -> String) throws(ProtocolError) -> Duration {
        let negative = try bool(field() + ".sign")
        let nanoseconds = try varint(field() + ".nanoseconds")
        let attoseconds = try varint(field() + ".attoseconds")
        guard nanoseconds <= UInt64(Int64.max), attoseconds < 1_000_000_000 else {
            throw .invalidValue(field: field(), value: -1)
        }
        let duration = Duration.nanoseconds(Int64(nanoseconds)) + Duration(secondsComponent: 0, attosecondsComponent: Int64(attoseconds))
        return negative ? .zero - duration : duration
    }

    mutating func player(_ field: @autoclosure () -> String) throws(ProtocolError) -> PlayerInfo {
        let id = try string(field() + ".id")
        let name = try string(field() + ".name")
        return PlayerInfo(id: PlayerID(id), name: name, isComputer: try bool(field() + ".isComputer"))
    }

    /// Settings as format `version` wrote them: from 2 on, with each seat's head start; from 3 on, with whether the
    /// table is locked or private.
    mutating func settings(_ field: @autoclosure () -> String, version: UInt8) throws(ProtocolError) -> TableSettings {
        let round = try u16(field() + ".roundSeconds")
        var settings = TableSettings(roundSeconds: round, turnSeconds: try u8(field() + ".turnSeconds"))
        guard version >= 2 else { return settings }
        for seat in Seat.allCases {
            settings.setHeadStart(.milliseconds(try u16(field() + ".headStarts[\(seat.rawValue)]")), for: seat)
        }
        guard version >= 3 else { return settings }
        let flags = try u8(field() + ".access")
        guard TableSettings.isValidAccess(flags) else { throw .invalidValue(field: field() + ".access", value: Int(flags)) }
        return settings.withAccess(flags: flags)
    }

    /// How a round is dealt: 0 from a drawn code, 1 from the code that follows (40 bits in a u64), 2 without a code.
    mutating func roundDeal(_ field: @autoclosure () -> String) throws(ProtocolError) -> RoundDeal {
        switch try u8(field()) {
        case 0: return .drawn
        case 1: return .chosen(try dealCode(field() + ".code"))
        case 2: return .withoutCode
        case let kind: throw .invalidValue(field: field(), value: Int(kind))
        }
    }

    /// A deal code's number, refused unless below ``DealCode/limit``.
    mutating func dealCode(_ field: @autoclosure () -> String) throws(ProtocolError) -> DealCode {
        let value = try u64(field())
        guard let code = DealCode(value: value) else { throw .invalidValue(field: field(), value: Int(clamping: value)) }
        return code
    }

    mutating func allowances(_ field: @autoclosure () -> String) throws(ProtocolError) -> [Seat: NetworkAllowance] {
        let count = try count(field(), limit: Seat.count)
        var allowances = [Seat: NetworkAllowance]()
        for _ in 0..<count {
            let seat = try seat(field() + ".seat")
            allowances[seat] = NetworkAllowance(typical: try duration(field() + ".typical"), most: try duration(field() + ".most"))
        }
        return allowances
    }
}
