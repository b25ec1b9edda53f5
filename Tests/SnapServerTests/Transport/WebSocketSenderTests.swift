import NIOCore
import NIOEmbedded
import NIOWebSocket
import SnapProtocol
import Testing
@testable import SnapServer

/// The sending side of the lean WebSocket path, on a channel of NIO's own: what is queued in one event-loop tick
/// goes out in one write, in order, as whole frames; nothing follows a close frame; the closing handshake.
@Suite struct WebSocketSenderTests {
    @Test func anEventsMessagesGoOutInOneWriteInOrder() async throws {
        let (channel, sender) = try await Self.connected()
        #expect(sender.send(count: 3) { index, number in [UInt8(number), UInt8(index), 0xAB] } == 9)
        await channel.testingEventLoop.run()
        let written = try #require(try await channel.readOutbound(as: ByteBuffer.self))
        #expect(Self.frames(in: written).map(\.payload) == [[0, 0, 0xAB], [1, 1, 0xAB], [2, 2, 0xAB]])
        #expect(Self.frames(in: written).allSatisfy { $0.opcode == .binary })
        #expect(try await channel.readOutbound(as: ByteBuffer.self) == nil, "a second write")
        // The next messages go out in a write of their own, numbered on.
        sender.send { number in [UInt8(number)] }
        await channel.testingEventLoop.run()
        let next = try #require(try await channel.readOutbound(as: ByteBuffer.self))
        #expect(Self.frames(in: next).map(\.payload) == [[3]])
    }

    @Test func aMessageOfPartsIsNoLargerThanTheLargestAClientReads() {
        #expect(WebSocketSender.togetherLimit == Wire.maximumPacketSize)
    }

    @Test func partsSentTogetherBeforeAFlushAreOneMessageNumberedInOrder() async throws {
        let (channel, sender) = try await Self.connected()
        try await channel.testingEventLoop.executeInContext {
            sender.send(count: 2, together: true) { index, number in [UInt8(number), UInt8(index)] }
            // Another moment's packets, queued before the flush: the same message.
            sender.send(count: 1, together: true) { _, number in [UInt8(number), 9] }
        }
        await channel.testingEventLoop.run()
        let written = try #require(try await channel.readOutbound(as: ByteBuffer.self))
        #expect(Self.frames(in: written).map(\.payload) == [[0, 0, 1, 1, 2, 9]])
    }

    @Test func aMessageOfPartsStaysWithinTheLimitAndKeepsItsPlaceAmongOtherFrames() async throws {
        let (channel, sender) = try await Self.connected()
        let part = WebSocketSender.togetherLimit / 3 + 1
        try await channel.testingEventLoop.executeInContext {
            sender.send { _ in [0xA] }
            sender.send(count: 3, together: true) { index, _ in Array(repeating: UInt8(index), count: part) }
            sender.pong(ByteBuffer(bytes: [7]))
            sender.send(count: 1, together: true) { _, _ in [0xB] }
            sender.send { _ in [0xC] }
        }
        await channel.testingEventLoop.run()
        let frames = Self.frames(in: try #require(try await channel.readOutbound(as: ByteBuffer.self)))
        // Three parts do not fit in one message: two do, the third starts the next; the pong and a message sent
        // alone close the message being made, so that everything goes out in the order it was queued.
        #expect(frames.map(\.opcode) == [.binary, .binary, .binary, .pong, .binary, .binary])
        #expect(frames.map(\.payload.count) == [1, 2 * part, part, 1, 1, 1])
        #expect(frames.allSatisfy { $0.payload.count <= WebSocketSender.togetherLimit })
        #expect(frames.map { $0.payload.first } == [0xA, 0, 2, 7, 0xB, 0xC])
    }

    @Test func whatIsQueuedWhileTheEventLoopIsBusyGoesOutInOneWrite() async throws {
        let (channel, sender) = try await Self.connected()
        // Queued from the event loop itself: the flush can only run once this work is done.
        try await channel.testingEventLoop.executeInContext {
            for _ in 0..<3 { sender.send { number in [UInt8(number)] } }
        }
        await channel.testingEventLoop.run()
        let written = try #require(try await channel.readOutbound(as: ByteBuffer.self))
        #expect(Self.frames(in: written).map(\.payload) == [[0], [1], [2]])
        #expect(try await channel.readOutbound(as: ByteBuffer.self) == nil, "a second write")
    }

    @Test func nothingIsSentAfterTheCloseFrameAndTheClientsAnswerEndsTheConnection() async throws {
        let (channel, sender) = try await Self.connected()
        try await channel.testingEventLoop.executeInContext {
            sender.send { _ in [1] }
            sender.close(.goingAway, reason: "bye")
            #expect(sender.send { _ in [2] } == nil)
            sender.pong(ByteBuffer(bytes: [9]))
        }
        await channel.testingEventLoop.run()
        let frames = Self.frames(in: try #require(try await channel.readOutbound(as: ByteBuffer.self)))
        try #require(frames.map(\.opcode) == [.binary, .connectionClose])
        #expect(frames[1].payload == [0x03, 0xE9] + Array("bye".utf8))
        #expect(channel.isActive, "the client's answer is awaited")
        sender.clientClosed(.goingAway)
        await channel.testingEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test func aClientThatBrokeTheRulesIsCutOnceItsCloseFrameIsWritten() async throws {
        let (channel, sender) = try await Self.connected()
        sender.close(.protocolError, reason: "client frames must be masked", cutAfterWrite: true)
        await channel.testingEventLoop.run()
        let frames = Self.frames(in: try #require(try await channel.readOutbound(as: ByteBuffer.self)))
        try #require(frames.map(\.opcode) == [.connectionClose])
        #expect(Array(frames[0].payload.prefix(2)) == [0x03, 0xEA])
        #expect(!channel.isActive)
    }

    @Test func aClientsCloseIsAnsweredWithItsCodeAndAPingWithItsData() async throws {
        let (channel, sender) = try await Self.connected()
        try await channel.testingEventLoop.executeInContext {
            sender.pong(ByteBuffer(bytes: [1, 2, 3]))
            sender.clientClosed(.normalClosure)
        }
        await channel.testingEventLoop.run()
        let frames = Self.frames(in: try #require(try await channel.readOutbound(as: ByteBuffer.self)))
        try #require(frames.map(\.opcode) == [.pong, .connectionClose])
        #expect(frames[0].payload == [1, 2, 3])
        #expect(frames[1].payload == [0x03, 0xE8])
        #expect(!channel.isActive)
    }

    @Test(arguments: [0, 125, 126, 65_535, 65_536])
    func lengthsTakeAsFewBytesAsTheyFitIn(length: Int) {
        var buffer = ByteBuffer()
        WebSocketServerFrames.appendBinary([UInt8](repeating: 7, count: length), to: &buffer)
        #expect(buffer.readableBytes == WebSocketServerFrames.headerSize(length: length) + length)
        let frames = Self.frames(in: buffer)
        #expect(frames.count == 1)
        #expect(frames.first?.payload.count == length)
    }

    @Test(arguments: [0, 1, 125, 126, 4_096, 65_535])
    func aMessageBuiltInPlaceHasTheHeaderOfItsLength(length: Int) {
        var buffer = ByteBuffer(bytes: [0xEE])
        let start = WebSocketServerFrames.beginBinary(in: &buffer)
        buffer.writeBytes((0..<length).map { UInt8(truncatingIfNeeded: $0) })
        WebSocketServerFrames.endBinary(startedAt: start, in: &buffer)
        buffer.writeBytes([0xFF])
        var alone = ByteBuffer(bytes: [0xEE])
        WebSocketServerFrames.appendBinary((0..<length).map { UInt8(truncatingIfNeeded: $0) }, to: &alone)
        alone.writeBytes([0xFF])
        #expect(buffer == alone)
    }

    @Test func aPartLargerThanAMessageOfPartsGoesAloneInItsPlace() async throws {
        let (channel, sender) = try await Self.connected()
        try await channel.testingEventLoop.executeInContext {
            sender.send(count: 1, together: true) { _, _ in [1] }
            sender.send(count: 2, together: true) { index, _ in
                index == 0 ? Array(repeating: 2, count: WebSocketSender.togetherLimit + 1) : [3]
            }
        }
        await channel.testingEventLoop.run()
        let frames = Self.frames(in: try #require(try await channel.readOutbound(as: ByteBuffer.self)))
        #expect(frames.map(\.payload.count) == [1, WebSocketSender.togetherLimit + 1, 1])
        #expect(frames.map { $0.payload.first } == [1, 2, 3])
    }

    @Test func aLongCloseReasonIsCutOnACharacterBoundary() throws {
        var buffer = ByteBuffer()
        WebSocketServerFrames.appendClose(.normalClosure, reason: String(repeating: "é", count: 100), to: &buffer)
        let payload = try #require(Self.frames(in: buffer).first).payload
        #expect(payload.count <= 125)
        #expect(String(validating: payload.dropFirst(2), as: UTF8.self) != nil)
    }

    // MARK: - Helpers

    /// A channel with the sender's writer first in its pipeline, as the socket level sets it up.
    private static func connected() async throws -> (NIOAsyncTestingChannel, WebSocketSender) {
        let channel = NIOAsyncTestingChannel()
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9))
        let sender = try await channel.testingEventLoop.executeInContext {
            let sender = WebSocketSender(channel: channel)
            try channel.pipeline.syncOperations.addHandler(sender.socketWriter, position: .first)
            return sender
        }
        return (channel, sender)
    }

    /// The frames in what a server wrote, read by RFC 6455's rules (unmasked, one frame per message).
    private static func frames(in buffer: ByteBuffer) -> [(opcode: WebSocketOpcode, payload: [UInt8])] {
        var buffer = buffer
        var frames: [(WebSocketOpcode, [UInt8])] = []
        while let first = buffer.readInteger(as: UInt8.self), let second = buffer.readInteger(as: UInt8.self) {
            var length = Int(second & 0x7F)
            if length == 126 { length = Int(buffer.readInteger(as: UInt16.self) ?? 0) }
            if length == 127 { length = Int(buffer.readInteger(as: UInt64.self) ?? 0) }
            guard let opcode = WebSocketOpcode(encodedWebSocketOpcode: first & 0x0F),
                let payload = buffer.readBytes(length: length)
            else { break }
            frames.append((opcode, payload))
        }
        return frames
    }
}
