import Foundation
import NIOCore
import NIOPosix

/// What plays over a ``LeanWebSocket``: a lean load bot. Every call comes on the connection's event loop.
protocol LeanPlayer: AnyObject {
    /// The upgrade is done: the player may send.
    func opened(_ socket: LeanWebSocket)
    /// One binary message from the server, as it arrived.
    func received(_ message: ByteBuffer, on socket: LeanWebSocket)
    /// The connection ended; `failure` says why when it was not the bot's own doing.
    func ended(failure: (any Error)?)
}

/// A client WebSocket as a single NIO channel handler, for load bots by the thousand: it makes the upgrade
/// request itself, reads the server's (unmasked) frames straight out of the socket's buffer, answers
/// WebSocket pings and close frames, and hands each binary message to its ``LeanPlayer`` — no task, no async
/// stream, no buffer beyond the bytes of one frame still on their way.
final class LeanWebSocket: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Why a connection could not become a WebSocket, or broke the rules once it was one.
    enum Failure: Error, CustomStringConvertible {
        case upgradeRefused(String)
        case badFrame(String)
        case closedBeforeUpgrade
        case closedByServer

        var description: String {
            switch self {
            case .upgradeRefused(let status): "the WebSocket upgrade was refused: \(status)"
            case .badFrame(let why): "the server sent a frame the bots cannot read: \(why)"
            case .closedBeforeUpgrade: "the server closed the connection before the WebSocket upgrade"
            case .closedByServer: "the server closed the connection"
            }
        }
    }

    private let host: String
    private let path: String
    private let player: any LeanPlayer
    private var context: ChannelHandlerContext?
    private var pending: ByteBuffer?
    private var upgraded = false
    private var closing = false
    private var closedByUs = false
    private var failure: (any Error)?
    private let mask: (UInt8, UInt8, UInt8, UInt8)

    /// A socket that upgrades at `path` of `host` (the Host header) and then plays `player`.
    init(host: String, path: String, player: any LeanPlayer) {
        self.host = host
        self.path = path
        self.player = player
        let key = UInt32.random(in: 1...UInt32.max)
        mask = (
            UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
            UInt8(truncatingIfNeeded: key)
        )
    }

    /// Connects to `url` (ws://HOST:PORT/PATH) on `loop` and plays `player` there.
    static func connect(
        to url: String, on loop: any EventLoop, player: @escaping @Sendable () -> any LeanPlayer
    ) -> EventLoopFuture<any Channel> {
        guard let parsed = URL(string: url), let host = parsed.host else {
            return loop.makeFailedFuture(Failure.upgradeRefused("not a WebSocket address: \(url)"))
        }
        let port = parsed.port ?? 80
        let path = parsed.path.isEmpty ? "/" : parsed.path
        return ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        LeanWebSocket(host: "\(host):\(port)", path: path, player: player()))
                }
            }
            .connect(host: host, port: port)
    }

    // MARK: - Sending

    /// Sends `payload` as one masked binary frame.
    func send(_ payload: some Collection<UInt8>) {
        write(opcode: 0x2, payload)
    }

    /// Runs `body` on the connection's loop after `delay`, unless the connection has ended by then.
    func schedule(after delay: Duration, _ body: @escaping () -> Void) {
        guard let context else { return }
        let wait = TimeAmount.nanoseconds(max(0, delay.nanoseconds))
        _ = context.eventLoop.assumeIsolated().scheduleTask(in: wait) { [weak self] in
            guard let self, self.context != nil, !self.closing else { return }
            body()
        }
    }

    /// Says goodbye with a close frame and closes the connection.
    func close() {
        guard let context, !closing else { return }
        closing = true
        closedByUs = true
        write(opcode: 0x8, [0x03, 0xE8])
        context.close(promise: nil)
    }

    /// One frame for `channel`: a masked binary frame with `payload`, for a writer outside the loop.
    static func binaryFrame(_ payload: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        appendFrame(opcode: 0x2, payload, mask: (0x5A, 0xC3, 0x0F, 0x96), to: &buffer)
        return buffer
    }

    private func write(opcode: UInt8, _ payload: some Collection<UInt8>) {
        guard let context, context.channel.isActive else { return }
        var buffer = context.channel.allocator.buffer(capacity: payload.count + 14)
        Self.appendFrame(opcode: opcode, payload, mask: mask, to: &buffer)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    private static func appendFrame(
        opcode: UInt8, _ payload: some Collection<UInt8>, mask: (UInt8, UInt8, UInt8, UInt8),
        to buffer: inout ByteBuffer
    ) {
        buffer.writeInteger(0x80 | opcode)
        let count = payload.count
        if count < 126 {
            buffer.writeInteger(UInt8(0x80 | count))
        } else if count <= 0xFFFF {
            buffer.writeInteger(UInt8(0x80 | 126))
            buffer.writeInteger(UInt16(count))
        } else {
            buffer.writeInteger(UInt8(0x80 | 127))
            buffer.writeInteger(UInt64(count))
        }
        withUnsafeBytes(of: mask) { key in
            buffer.writeBytes(key)
            var index = 0
            for byte in payload {
                buffer.writeInteger(byte ^ key[index & 3])
                index += 1
            }
        }
    }

    // MARK: - Channel events

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { sendUpgradeRequest(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        sendUpgradeRequest(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        let reason: (any Error)? =
            closedByUs ? nil : (failure ?? (upgraded ? Failure.closedByServer : Failure.closedBeforeUpgrade))
        closing = true
        self.context = nil
        player.ended(failure: reason)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failure = failure ?? error
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if var pending = pending.take() {
            pending.writeBuffer(&incoming)
            incoming = pending
        }
        if !upgraded {
            guard readUpgradeResponse(from: &incoming, context: context) else {
                if incoming.readableBytes > 0 { pending = incoming }
                return
            }
        }
        while self.context != nil, let (opcode, message) = nextFrame(from: &incoming) {
            switch opcode {
            case 0x2:
                player.received(message, on: self)
            case 0x9:
                write(opcode: 0xA, message.readableBytesView)
            case 0x8:
                // The server closes: answer its close frame, then the socket.
                if !closing {
                    closing = true
                    write(opcode: 0x8, message.readableBytesView.prefix(2))
                    context.close(promise: nil)
                }
                return
            case 0xA:
                continue
            default:
                fail(context, Failure.badFrame("opcode \(opcode)"))
                return
            }
        }
        if incoming.readableBytes > 0 { pending = incoming }
    }

    private func sendUpgradeRequest(_ context: ChannelHandlerContext) {
        guard !upgraded, !requested else { return }
        requested = true
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: request.utf8.count)
        buffer.writeString(request)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    private var requested = false

    /// Reads the upgrade's answer once it is all there; true once upgraded.
    private func readUpgradeResponse(from buffer: inout ByteBuffer, context: ChannelHandlerContext) -> Bool {
        let bytes = buffer.readableBytesView
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else {
            if bytes.count > 16_384 { fail(context, Failure.upgradeRefused("an answer with no end")) }
            return false
        }
        let head = String(decoding: bytes[bytes.startIndex..<end.lowerBound], as: UTF8.self)
        buffer.moveReaderIndex(to: end.upperBound)
        let status = head.split(separator: "\r\n").first.map(String.init) ?? ""
        guard status.hasPrefix("HTTP/1.1 101") else {
            fail(context, Failure.upgradeRefused(status))
            return false
        }
        upgraded = true
        player.opened(self)
        return true
    }

    /// The next whole frame in `buffer`, taken out of it: its opcode and payload. Nil until one is all there.
    private func nextFrame(from buffer: inout ByteBuffer) -> (UInt8, ByteBuffer)? {
        guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
            let second = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self)
        else { return nil }
        var headerSize = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard let extended = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt16.self) else { return nil }
            length = Int(extended)
            headerSize = 4
        } else if length == 127 {
            guard let extended = buffer.getInteger(at: buffer.readerIndex + 2, as: UInt64.self) else { return nil }
            length = Int(clamping: extended)
            headerSize = 10
        }
        // Servers never mask, and Snap!'s packets never need fragments.
        guard second & 0x80 == 0, first & 0x80 != 0, length <= 65_536 else {
            if let context { fail(context, Failure.badFrame("a masked, fragmented or oversized frame")) }
            return nil
        }
        guard buffer.readableBytes >= headerSize + length else { return nil }
        buffer.moveReaderIndex(forwardBy: headerSize)
        let payload = buffer.readSlice(length: length)!
        return (first & 0x0F, payload)
    }

    private func fail(_ context: ChannelHandlerContext, _ error: any Error) {
        failure = failure ?? error
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension LeanWebSocket: Sendable {}
