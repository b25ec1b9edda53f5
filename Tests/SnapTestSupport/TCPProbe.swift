import Foundation
import SnapNetworkTools
import SnapProtocol

/// A plain TCP connection to a test server, for what no HTTP or WebSocket client would send: idle sockets, half
/// requests, broken upgrades and frames that break RFC 6455. It keeps everything the server sent; the socket is the
/// benchmarks' raw client, ``TCPSocket``, whose every read and write here waits a millisecond at most.
public final class TCPProbe: @unchecked Sendable {
    private let socket: TCPSocket
    public private(set) var received: [UInt8] = []
    public private(set) var isClosedByServer = false

    /// Connects to the loopback port; a small receive buffer makes a client that does not read fill up sooner.
    ///
    /// - Throws: ``TCPSocket/ConnectFailure`` when nothing listens there.
    public init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = try TCPSocket(port: port, receiveBuffer: receiveBuffer.map(Int.init), timeout: .milliseconds(1))
    }

    /// Closes the socket from this end.
    public func close() {
        socket.close()
    }

    /// Sends bytes (as many as the socket takes; a client that does not read stops being able to send, too).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count, case .moved(let count) = socket.write(bytes[sent...]) { sent += count }
        return sent
    }

    /// Sends text as bytes.
    @discardableResult
    public func send(_ text: String) -> Int { send(Array(text.utf8)) }

    /// Takes whatever has arrived; notes when the server has closed the connection.
    public func poll() {
        while !isClosedByServer {
            switch socket.read(into: &received) {
            case .moved: continue
            case .timedOut: return
            case .endOfStream, .failed: isClosedByServer = true
            }
        }
    }

    /// Waits until the server closes the connection (true) or `timeout` passes (false), keeping what arrives.
    public func waitForClose(timeout: Duration = Patience.deadline) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            poll()
            if isClosedByServer { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Waits until what has arrived satisfies `condition`, or `timeout` passes.
    public func waitFor(timeout: Duration = Patience.deadline, _ condition: ([UInt8]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            poll()
            if condition(received) { return true }
            if isClosedByServer { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// What has arrived, as text.
    public var text: String { String(decoding: received, as: UTF8.self) }

    /// The status code of an HTTP response that has arrived.
    public var status: Int? {
        let line = text.prefix { $0 != "\r" }
        let parts = line.split(separator: " ")
        return parts.count >= 2 && parts[0].hasPrefix("HTTP/1.") ? Int(parts[1]) : nil
    }
}

/// WebSocket frames by hand, to break the rules on purpose.
public enum HandFrame {
    /// An upgrade request for `/ws`, with the headers a test chooses (`extraHeaders` as name and value, in order).
    public static func upgrade(
        path: String = "/ws", key: String? = "dGhlIHNhbXBsZSBub25jZQ==", version: String? = "13",
        extraHeaders: [(String, String)] = []
    ) -> String {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        if let key { request += "Sec-WebSocket-Key: \(key)\r\n" }
        if let version { request += "Sec-WebSocket-Version: \(version)\r\n" }
        for (name, value) in extraHeaders { request += "\(name): \(value)\r\n" }
        return request + "\r\n"
    }

    /// One frame; masked unless told otherwise, as a client's must be.
    public static func frame(opcode: UInt8, fin: Bool = true, payload: [UInt8], masked: Bool = true) -> [UInt8] {
        WebSocketFrame(rawOpcode: opcode, payload, fin: fin).encoded(mask: masked ? [0x12, 0x34, 0x56, 0x78] : nil)
    }

    /// The frames among the server's bytes after the upgrade response: opcode and payload.
    public static func frames(in received: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        guard let end = received.firstRange(of: [13, 10, 13, 10]) else { return [] }
        var frames: [(opcode: UInt8, payload: [UInt8])] = []
        var rest = received[end.upperBound...]
        while let (frame, length) = WebSocketFrame.parse(rest) {
            frames.append((frame.opcode, frame.payload))
            rest = rest.dropFirst(length)
        }
        return frames
    }

    /// The close code of the first close frame the server sent, if any (1005 for one without a code).
    public static func closeCode(in received: [UInt8]) -> UInt16? {
        guard let close = frames(in: received).first(where: { $0.opcode == WebSocketFrame.Opcode.close.rawValue }) else {
            return nil
        }
        return WebSocketFrame(.close, close.payload).closeCode ?? 1005
    }

    /// The Snap! packets the server sent in binary frames (several to a frame from protocol version 10 on).
    public static func packets(in received: [UInt8]) -> [Packet] {
        frames(in: received).filter { $0.opcode == 2 }.flatMap { (try? Frame.decodeMessage($0.payload))?.map(\.packet) ?? [] }
    }
}
