import SnapCore
import Testing

@testable import SnapProtocol

/// Head starts on the wire (SetHeadStart, HeadStarts: protocol version 6) and in the records (format 2).
@Suite struct HeadStartWireTests {
    static let ann = PlayerInfo(id: PlayerID("1"), name: "Ann")
    static let ben = PlayerInfo(id: PlayerID("2"), name: "Ben")

    static func start(_ settings: TableSettings) -> RoundStart {
        RoundStart(
            seats: [.init(info: ann, gamesWon: 0), nil, .init(info: ben, gamesWon: 1), nil],
            host: .bottom, roundsBefore: 1, previousStartingSeat: nil, absent: [], settings: settings,
            difficulty: .normal, speed: 1, judging: .standard, seed: 7, allowances: [:])
    }

    static let withHeadStarts = TableSettings(
        roundLength: .standardQuick, turnTime: .seconds(8), headStarts: [.top: .milliseconds(200), .left: .milliseconds(500)])

    @Test func aLogKeepsTheHeadStartsOfItsStartAndOfEveryChange() throws {
        var changed = Self.withHeadStarts
        changed.setHeadStart(.milliseconds(100), for: .top)
        let log = RoundLog(
            start: Self.start(Self.withHeadStarts),
            steps: [.perform(.changeSettings(changed, by: .bottom)), .perform(.startRound(by: .bottom))])
        let read = try RoundLog(bytes: log.encoded())
        #expect(read == log)
        #expect(read.start.settings.headStart(for: .left) == .milliseconds(500))
        let record = TableJournalRecord.step(.perform(.changeSettings(changed, by: .bottom)))
        #expect(try TableJournalRecord(bytes: record.encoded()) == record)
    }

    /// The bytes format 1 wrote for `log` (which has no head starts, is open and listed, changes no settings, and
    /// has no false starts): format 5's without the start's eight bytes of head starts and its byte of access, and
    /// without the false start's floor (three bytes for zero).
    static func formatOne(_ log: RoundLog) -> [UInt8] {
        var other = log
        other.start.settings.roundLength = .quick(.seconds(600))
        var floored = log
        floored.start.falseStartFloor = .nanoseconds(1)
        var bytes = log.encoded()
        // The floor's nanoseconds are the second of its three bytes.
        let floorAt = zip(bytes, floored.encoded()).enumerated().first { $0.element.0 != $0.element.1 }!.offset - 1
        bytes.removeSubrange(floorAt..<(floorAt + 3))
        // Where the settings begin: the first byte the round's length changes.
        let settingsAt = zip(bytes, other.encoded()).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        var old = bytes
        old[4] = 1
        old.removeSubrange((settingsAt + 3)..<(settingsAt + 12))
        // …and without format 4's byte saying how a round is dealt, after a start-round action by the bottom seat
        // (the action 1, its tag 3, the seat 0, then 2: without a code).
        if let action = (0..<(old.count - 3)).last(where: { Array(old[$0...($0 + 3)]) == [1, 3, 0, 2] }) {
            old.remove(at: action + 3)
        }
        return old
    }

    @Test func aLogOfFormatOneStillReadsWithNoHeadStarts() throws {
        // A log of format 1 knew no deal codes: its start-round action reads as dealt without one.
        let log = RoundLog(
            start: Self.start(.standard), steps: [.perform(.startRound(by: .bottom, deal: .withoutCode)), .advance(to: .seconds(2))])
        let read = try RoundLog(bytes: Self.formatOne(log))
        #expect(read == log)
        #expect(read.start.settings.headStarts.isEmpty)
        var newer = log.encoded()
        newer[4] = RoundLog.formatVersion + 1
        #expect(throws: ProtocolError.invalidValue(field: "RoundLog.version", value: Int(RoundLog.formatVersion) + 1)) {
            try RoundLog(bytes: newer)
        }
    }

    @Test func aChangeOfSettingsGoesOutAsTableSettingsThenHeadStartsThenTableAccess() {
        var packets = TableEventPackets(seating: Table())
        #expect(
            packets.packets(for: [.settingsChanged(Self.withHeadStarts)]) == [
                .tableSettings(roundSeconds: 300, turnSeconds: 8), .headStarts(milliseconds: [0, 500, 200, 0]),
                .tableAccess(flags: 0),
            ])
    }

    @Test func aMirrorKeepsTheHeadStartsThroughTableSettingsAndTakesThemFromHeadStarts() throws {
        var table = Table()
        _ = try table.join(Self.ann)
        _ = try table.join(Self.ben)
        var view = table.view(for: .bottom)
        view.apply(try #require(try Packet.headStarts(milliseconds: [0, 0, 300, 0]).tableEvents(in: view)))
        #expect(view.settings.headStarts == [.top: .milliseconds(300)])
        // An older server's TableSettings (no HeadStarts after it) leaves them as they were.
        view.apply(try #require(try Packet.tableSettings(roundSeconds: 0, turnSeconds: 0).tableEvents(in: view)))
        #expect(view.settings == TableSettings(headStarts: [.top: .milliseconds(300)]))
    }

    @Test func truncatedHeadStartPacketsNameTheirField() {
        #expect(decodingError(packet(.setHeadStart, [2])) == .truncated(field: "SetHeadStart.milliseconds"))
        #expect(decodingError(packet(.setHeadStart, [])) == .truncated(field: "SetHeadStart.seat"))
        #expect(decodingError(packet(.setHeadStart, [4, 0, 100])) == .invalidValue(field: "SetHeadStart.seat", value: 4))
        #expect(decodingError(packet(.headStarts, [0, 0, 0, 100, 0, 0])) == .truncated(field: "HeadStarts.milliseconds[3]"))
        #expect(decodingError(packet(.headStarts, [UInt8](repeating: 0, count: 9))) == .trailingBytes(count: 1))
    }
}
