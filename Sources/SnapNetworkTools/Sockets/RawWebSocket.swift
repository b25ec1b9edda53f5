import Foundation
import SnapProtocol

/// A client WebSocket at the server's `/ws` over a blocking ``TCPSocket``: it writes whatever frames it is given,
/// reads only when asked, and tells exactly how the server ended the connection — a close frame (code and reason),
/// an orderly end, or a reset. Use it from a thread of its own (SnapBench's `OwnThread`, say).
public final class RawWebSocket {
    /// What a read found.
    public enum Received: Equatable {
        /// A data or control frame other than close.
        case frame(WebSocketFrame)
        /// The server's close frame.
        case closed(code: UInt16?, reason: String)
        /// The connection ended without a close frame: `endOfStream` or `failed(errno)`.
        case ended(TCPSocket.Outcome)
        /// Nothing arrived before the deadline.
        case nothing
    }

    /// Why the upgrade to a WebSocket failed.
    public struct UpgradeFailure: Error, CustomStringConvertible {
        /// The server's status line, or what went wrong before there was one.
        public var status: String
        public var description: String { "the WebSocket upgrade failed: \(status)" }
    }

    /// The TCP connection underneath.
    public let socket: TCPSocket
    private var buffer: [UInt8] = []

    /// Connects to `ws://127.0.0.1:port/ws` and completes the upgrade; bytes the server sent after it are kept for
    /// the first read.
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        socket = try TCPSocket(port: port, receiveBuffer: receiveBuffer)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request =
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let deadline = ContinuousClock.now + .seconds(10)
        guard case .moved = socket.writeAll(Array(request.utf8), giveUp: { ContinuousClock.now > deadline }).last else {
            throw UpgradeFailure(status: "the request could not be sent")
        }
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                let status = head.split(separator: "\r\n").first.map(String.init) ?? ""
                guard status.hasPrefix("HTTP/1.1 101") else { throw UpgradeFailure(status: status) }
                return
            }
            switch socket.read(into: &buffer) {
            case .moved: continue
            case .timedOut where ContinuousClock.now < deadline: continue
            case .timedOut: throw UpgradeFailure(status: "no answer within 10 seconds")
            case .endOfStream: throw UpgradeFailure(status: "the server closed the connection")
            case .failed(let code): throw UpgradeFailure(status: String(cString: strerror(code)))
            }
        }
    }

    /// Writes one frame; false when the connection is gone.
    @discardableResult
    public func send(_ frame: WebSocketFrame, mask: [UInt8]? = [0x5A, 0xC3, 0x0F, 0x96]) -> Bool {
        write(frame.encoded(mask: mask))
    }

    /// Writes one packet, unnumbered, as a binary frame; false when the connection is gone.
    @discardableResult
    public func send(_ packet: Packet) -> Bool {
        send(WebSocketFrame(.binary, Frame(number: nil, packet: packet).encoded()))
    }

    /// Writes bytes as they are; false when the connection is gone. Gives up on a peer that takes nothing for ten
    /// seconds.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        let (written, _) = socket.writeAll(bytes) { ContinuousClock.now > deadline }
        return written == bytes.count
    }

    /// The next frame, reading for at most `timeout`.
    public func receive(timeout: Duration) -> Received {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let next = takeFrame() { return next }
            switch socket.read(into: &buffer) {
            case .moved: continue
            case .timedOut: if ContinuousClock.now >= deadline { return .nothing }
            case let ended: return .ended(ended)
            }
        }
    }

    /// Reads at most `limit` bytes into the buffer, without waiting past the socket's timeout (for a client that
    /// reads slowly); nil if the connection is still open.
    public func readSome(limit: Int) -> TCPSocket.Outcome? {
        switch socket.read(into: &buffer, limit: limit) {
        case .moved, .timedOut: nil
        case let ended: ended
        }
    }

    /// The next whole frame already read, if any.
    public func takeFrame() -> Received? {
        guard let (frame, length) = WebSocketFrame.parse(buffer[...]) else { return nil }
        buffer.removeFirst(length)
        if frame.opcode == WebSocketFrame.Opcode.close.rawValue {
            return .closed(code: frame.closeCode, reason: frame.closeReason)
        }
        return .frame(frame)
    }

    /// Closes with a close frame (when `code` is given) and then the socket.
    public func close(code: UInt16? = nil) {
        if let code { send(.close(code: code)) }
        socket.close()
    }
}
