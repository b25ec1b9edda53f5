import SnapCore
import Testing

@testable import SnapProtocol

/// The host's controls on the wire (TableAccess, SetTableAccess, RemovePlayer: protocol version 7) and in the records
/// (format 3: the access in every settings, and the removal as an action).
@Suite struct HostControlsWireTests {
    static let lockedAndPrivate = TableSettings(roundLength: .standardQuick, turnTime: .seconds(8), isLocked: true, isPrivate: true)

    @Test func accessFlagsAreLockedThenPrivate() throws {
        #expect(Self.lockedAndPrivate.accessFlags == 3)
        #expect(TableSettings(isPrivate: true).accessFlags == 2)
        #expect(TableSettings().withAccess(flags: 1) == TableSettings(isLocked: true))
        #expect(TableSettings.isValidAccess(3) && !TableSettings.isValidAccess(4))
    }

    @Test func aLogKeepsTheAccessAndTheRemovals() throws {
        var opened = Self.lockedAndPrivate
        opened.isLocked = false
        let log = RoundLog(
            start: HeadStartWireTests.start(Self.lockedAndPrivate),
            steps: [.perform(.changeSettings(opened, by: .bottom)), .perform(.remove(.top, by: .bottom))])
        let read = try RoundLog(bytes: log.encoded())
        #expect(read == log)
        #expect(read.start.settings.isLocked && read.start.settings.isPrivate)
        let record = TableJournalRecord.step(.perform(.remove(.top, by: .bottom)))
        #expect(try TableJournalRecord(bytes: record.encoded()) == record)
    }

    @Test func aLogOfFormatTwoCannotHoldARemoval() throws {
        let log = RoundLog(start: HeadStartWireTests.start(.standard), steps: [.perform(.remove(.top, by: .bottom))])
        var bytes = log.encoded()
        // Format 2 had no access byte and no removal: marked 2, the removal is an action it did not know.
        bytes[4] = 2
        #expect(throws: ProtocolError.self) { try RoundLog(bytes: bytes) }
    }

    @Test func badAccessBitsAndSeatsAreRefusedByName() {
        #expect(decodingError(packet(.setTableAccess, [4])) == .invalidValue(field: "SetTableAccess.flags", value: 4))
        #expect(decodingError(packet(.tableAccess, [0xFF])) == .invalidValue(field: "TableAccess.flags", value: 255))
        #expect(decodingError(packet(.setTableAccess, [])) == .truncated(field: "SetTableAccess.flags"))
        #expect(decodingError(packet(.removePlayer, [4])) == .invalidValue(field: "RemovePlayer.seat", value: 4))
        #expect(decodingError(packet(.removePlayer, [1, 0])) == .trailingBytes(count: 1))
    }

    @Test func aMirrorTakesTheAccessFromTableAccess() throws {
        var table = Table()
        _ = try table.join(HeadStartWireTests.ann)
        _ = try table.join(HeadStartWireTests.ben)
        var view = table.view(for: .top)
        view.apply(try #require(try Packet.tableAccess(flags: 3).tableEvents(in: view)))
        #expect(view.settings.isLocked && view.settings.isPrivate)
        // An older server's TableSettings (no TableAccess after it) leaves the access as it was.
        view.apply(try #require(try Packet.tableSettings(roundSeconds: 0, turnSeconds: 0).tableEvents(in: view)))
        #expect(view.settings.isLocked && view.settings.isPrivate)
    }
}
