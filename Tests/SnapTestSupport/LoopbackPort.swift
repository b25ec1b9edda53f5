#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port nobody listens on right now, for a server that must know its port before it starts (a
/// cluster node registers the URL players reach it at).
public enum LoopbackPort {
    /// A port the system has just handed out and taken back.
    public static func free() throws -> Int {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw NoFreePort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// No port could be had.
    public struct NoFreePort: Error, CustomStringConvertible {
        public var description: String { "could not find a free loopback port" }
    }
}
