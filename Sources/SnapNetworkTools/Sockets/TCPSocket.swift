import Foundation
import SnapCore

/// A blocking TCP connection to a loopback port, with a timeout on every read and write: the raw client of the
/// benchmarks and the tests, under ``RawWebSocket`` and the tests' probes.
///
/// The soak's misbehaving clients, the flood and the server's transport tests need what an event-loop client
/// hides: a socket that is really never read, a small receive buffer, half requests, and the very error the
/// server's close left behind. Calls that may wait long belong on a thread of their own (SnapBench's `OwnThread`,
/// say), never on Swift's cooperative pool; with a timeout of a millisecond a read or write is a poll.
public final class TCPSocket {
    /// How a read or a write ended.
    public enum Outcome: Equatable {
        /// Some bytes moved.
        case moved(Int)
        /// Nothing moved before the timeout.
        case timedOut
        /// The peer closed its side in order (FIN).
        case endOfStream
        /// The connection broke; the `errno` says how (ECONNRESET: the peer reset it).
        case failed(Int32)
    }

    /// Why a connection could not be made.
    public struct ConnectFailure: Error, CustomStringConvertible {
        /// The `errno` of the failing call.
        public var code: Int32
        public var description: String { "could not connect: \(String(cString: strerror(code)))" }
    }

    private var descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    ///
    /// - Parameters:
    ///   - receiveBuffer: the kernel's receive buffer in bytes (SO_RCVBUF), set before connecting so that a small
    ///     one holds: a client that reads slowly or not at all then pushes back on the server at once.
    ///   - timeout: how long any one read or write may block.
    public init(port: Int, receiveBuffer: Int? = nil, timeout: Duration = .milliseconds(250)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectFailure(code: errno) }
        if let receiveBuffer { setOption(SOL_SOCKET, SO_RCVBUF, Int32(receiveBuffer)) }
        setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        setTimeout(timeout)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Foundation.close(descriptor)
            throw ConnectFailure(code: code)
        }
    }

    deinit { close() }

    /// Sets how long any one read or write may block.
    public func setTimeout(_ timeout: Duration) {
        let micros = max(1_000, Int(timeout.inSeconds * 1_000_000))
        var value = timeval(tv_sec: micros / 1_000_000, tv_usec: Int(micros % 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes as much of `bytes` as the kernel takes before the timeout.
    public func write(_ bytes: ArraySlice<UInt8>) -> Outcome {
        guard descriptor >= 0 else { return .failed(EBADF) }
        guard !bytes.isEmpty else { return .moved(0) }
        // MSG_NOSIGNAL: a write to a connection the server reset must fail with EPIPE, not kill us with SIGPIPE.
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent >= 0 { return .moved(sent) }
        let code = errno
        return code == EAGAIN || code == EWOULDBLOCK || code == EINTR ? .timedOut : .failed(code)
    }

    /// Writes all of `bytes`, waiting as long as it takes unless `giveUp` says to stop; the bytes written and how
    /// the last write ended.
    public func writeAll(_ bytes: [UInt8], giveUp: () -> Bool = { false }) -> (written: Int, last: Outcome) {
        var written = 0
        while written < bytes.count {
            let outcome = write(bytes[written...])
            switch outcome {
            case .moved(let count): written += count
            case .timedOut: if giveUp() { return (written, outcome) }
            case .endOfStream, .failed: return (written, outcome)
            }
        }
        return (written, .moved(written))
    }

    /// Reads up to `limit` bytes, appending them to `buffer`.
    public func read(into buffer: inout [UInt8], limit: Int = 65_536) -> Outcome {
        guard descriptor >= 0 else { return .failed(EBADF) }
        var chunk = [UInt8](repeating: 0, count: limit)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return .moved(count)
        }
        if count == 0 { return .endOfStream }
        let code = errno
        return code == EAGAIN || code == EWOULDBLOCK || code == EINTR ? .timedOut : .failed(code)
    }

    /// Whether the peer has closed or reset the connection, known without reading what it sent before.
    public var peerHasClosed: Bool {
        guard descriptor >= 0 else { return true }
        // POLLRDHUP (0x2000): the peer shut its side down, even with unread bytes still waiting before the FIN.
        let hangUps = Int16(POLLHUP | POLLERR) | 0x2000
        var entry = pollfd(fd: descriptor, events: hangUps, revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & hangUps != 0
    }

    /// Closes the connection; unread bytes make the kernel reset it, as a client that never read would.
    public func close() {
        guard descriptor >= 0 else { return }
        Foundation.close(descriptor)
        descriptor = -1
    }

    private func setOption(_ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}
