import Testing

@testable import SnapLAN

@Suite struct TXTRecordTests {
    @Test func aRecordRoundTripsThroughItsBytes() throws {
        var record = TXTRecord()
        try record.set("v", to: "3")
        try record.set("name", to: "Ann's café")
        try record.set("path", to: "/ws")
        let bytes = record.bytes
        #expect(bytes.prefix(4) == [3, UInt8(ascii: "v"), UInt8(ascii: "="), UInt8(ascii: "3")])
        let read = TXTRecord(bytes: bytes)
        #expect(read == record)
        #expect(read["name"] == "Ann's café")
        #expect(read["NAME"] == "Ann's café", "keys compare without regard to case")
    }

    @Test func anEmptyRecordIsOneEmptyString() {
        #expect(TXTRecord().bytes == [0])
        #expect(TXTRecord(bytes: [0]).entries.isEmpty)
        #expect(TXTRecord(bytes: []).entries.isEmpty)
    }

    @Test func settingAKeyAgainReplacesItsValue() throws {
        var record = TXTRecord()
        try record.set("tables", to: "1")
        try record.set("tables", to: "2")
        #expect(record.entries.count == 1)
        #expect(record["tables"] == "2")
    }

    @Test func badKeysAndValuesTooLongAreRefused() {
        var record = TXTRecord()
        #expect(throws: TXTRecordError.badKey("")) { try record.set("", to: "x") }
        #expect(throws: TXTRecordError.badKey("a=b")) { try record.set("a=b", to: "x") }
        #expect(throws: TXTRecordError.badKey("tab\t")) { try record.set("tab\t", to: "x") }
        #expect(throws: TXTRecordError.tooLong("k")) { try record.set("k", to: String(repeating: "x", count: 254)) }
        #expect(throws: Never.self) { try record.set("k", to: String(repeating: "x", count: 253)) }
    }

    @Test func malformedStringsAreSkippedAndTheRestIsRead() {
        let bytes: [UInt8] =
            [3] + Array("v=3".utf8)
            + [0]  // an empty string
            + [2] + Array("=x".utf8)  // no key
            + [4] + [0x01] + Array("k=1".utf8)  // an unprintable key
            + [3] + Array("v=9".utf8)  // a key given again: the first counts
            + [4] + Array("flag".utf8)  // a key without a value
            + [6] + Array("name=".utf8) + [0xFF]  // a value that is not UTF-8
            + [40] + Array("tables=1".utf8)  // runs past the end
        let record = TXTRecord(bytes: bytes)
        #expect(record.entries.map(\.key) == ["v", "flag", "name"])
        #expect(record["v"] == "3")
        #expect(record[bytes: "flag"] == nil)
        #expect(record.entries.contains { $0.key == "flag" && $0.value == nil })
        #expect(record["name"] == nil)
        #expect(record[bytes: "name"] == [0xFF])
        #expect(record["tables"] == nil)
    }

    @Test func randomBytesNeverCrashTheReader() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let record = TXTRecord(bytes: bytes)
            _ = ServerTXT(record)
            // Whatever was read writes out again and reads back the same.
            #expect(TXTRecord(bytes: record.bytes) == record)
        }
    }

    @Test func aServersTXTRoundTrips() {
        let txt = ServerTXT(protocolVersion: 3, name: "Kitchen", path: "/ws", openTables: 2, freeSeats: 5)
        #expect(ServerTXT(TXTRecord(bytes: txt.record.bytes)) == txt)
        #expect(txt.record["tables"] == "2")
        #expect(txt.record["seats"] == "5")
    }

    @Test func malformedFieldsOfAServersTXTAreLeftOut() throws {
        var record = TXTRecord()
        try record.set("v", to: "three")
        try record.set("name", to: "\u{1B}[2JEvil\u{07}")
        try record.set("path", to: "ws with spaces")
        try record.set("tables", to: "-1")
        try record.set("seats", to: "99999999999999999999")
        let txt = ServerTXT(record)
        #expect(txt.protocolVersion == nil)
        #expect(txt.name == "[2JEvil", "control characters are taken out of a name from the network")
        #expect(txt.path == nil)
        #expect(txt.openTables == nil)
        #expect(txt.freeSeats == nil)
    }
}
