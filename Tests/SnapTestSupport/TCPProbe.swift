#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SnapProtocol

/// A plain TCP connection to a test server, for what no HTTP or WebSocket client would send: idle sockets, half
/// requests, broken upgrades and frames that break RFC 6455.
public final class TCPProbe: @unchecked Sendable {
    private let fd: Int32
    public private(set) var received: [UInt8] = []
    public private(set) var isClosedByServer = false

    /// Connects to the loopback port; a small receive buffer makes a client that does not read fill up sooner.
    public init(port: Int, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ProbeError.socket(errno) }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            closeSocket(fd)
            throw ProbeError.connect(errno)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    private var isOpen = true

    deinit { close() }

    /// Closes the socket from this end.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        closeSocket(fd)
    }

    /// Sends bytes (as many as the socket takes; a client that does not read stops being able to send, too).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    /// Sends text as bytes.
    @discardableResult
    public func send(_ text: String) -> Int { send(Array(text.utf8)) }

    /// Takes whatever has arrived; notes when the server has closed the connection.
    public func poll() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else {
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { isClosedByServer = true }
                return
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

    public enum ProbeError: Error {
        case socket(Int32)
        case connect(Int32)
    }
}

private func closeSocket(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}

private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    Darwin.send(fd, bytes, count, 0)
    #endif
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
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65_536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    /// The frames among the server's bytes after the upgrade response: opcode and payload.
    public static func frames(in received: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        guard let end = find([13, 10, 13, 10], in: received) else { return [] }
        var frames: [(opcode: UInt8, payload: [UInt8])] = []
        var index = end + 4
        while index + 2 <= received.count {
            var length = Int(received[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 {
                guard start + 2 <= received.count else { break }
                length = Int(received[start]) << 8 | Int(received[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= received.count else { break }
                length = received[start..<start + 8].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= received.count else { break }
            frames.append((received[index] & 0x0F, Array(received[start..<start + length])))
            index = start + length
        }
        return frames
    }

    /// The close code of the first close frame the server sent, if any (1005 for one without a code).
    public static func closeCode(in received: [UInt8]) -> UInt16? {
        guard let close = frames(in: received).first(where: { $0.opcode == 8 }) else { return nil }
        return close.payload.count >= 2 ? UInt16(close.payload[0]) << 8 | UInt16(close.payload[1]) : 1005
    }

    /// The Snap! packets the server sent in binary frames.
    public static func packets(in received: [UInt8]) -> [Packet] {
        frames(in: received).filter { $0.opcode == 2 }.compactMap { try? Frame.decode($0.payload).packet }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
    }
}
