import SnapNetworkTools
import Testing

/// The raw clients' WebSocket frames: every length form round-trips masked and unmasked, a frame cut short is not
/// parsed, and close frames carry their code and reason.
@Suite struct WebSocketFrameTests {
    @Test(arguments: [0, 1, 125, 126, 4_097, 65_535, 65_536, 70_000])
    func everyLengthFormRoundTripsMaskedAndUnmasked(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for mask in [[UInt8]?.none, [0x12, 0x34, 0x56, 0x78]] {
            let bytes = WebSocketFrame(.binary, payload).encoded(mask: mask)
            let (frame, used) = try #require(WebSocketFrame.parse(bytes[...]))
            #expect(frame == WebSocketFrame(.binary, payload))
            #expect(used == bytes.count)
            #expect((bytes[1] & 0x80 != 0) == (mask != nil))
        }
    }

    @Test func aFrameCutShortIsNotParsedAndTheNextOneWaitsItsTurn() throws {
        let first = WebSocketFrame(.binary, Array(repeating: 7, count: 300)).encoded()
        let second = WebSocketFrame.close(code: 1008, reason: "too many requests").encoded(mask: nil)
        for end in 0..<first.count { #expect(WebSocketFrame.parse(first[..<end]) == nil) }
        let both = first + second
        let (_, used) = try #require(WebSocketFrame.parse(both[...]))
        let (close, _) = try #require(WebSocketFrame.parse(both[used...]))
        #expect(close.closeCode == 1008)
        #expect(close.closeReason == "too many requests")
    }

    @Test func reservedBitsAndOpcodesAreWrittenAsAsked() throws {
        let frame = WebSocketFrame(rawOpcode: 0x3, [1, 2], fin: false, reserved: 0b100)
        let bytes = frame.encoded()
        #expect(bytes[0] == 0x43)
        #expect(try #require(WebSocketFrame.parse(bytes[...])).frame == frame)
    }

    @Test func aCloseFrameWithoutACodeHasNone() {
        #expect(WebSocketFrame(.close).closeCode == nil)
        #expect(WebSocketFrame(.close).closeReason.isEmpty)
        #expect(WebSocketFrame(.binary, [0x03, 0xE8]).closeCode == nil)
    }
}
