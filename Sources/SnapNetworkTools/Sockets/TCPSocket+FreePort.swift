import Foundation

extension TCPSocket {
    /// A loopback port the system has just handed out and taken back: for a server that must know its port before
    /// it starts (a cluster node registers the URL players reach it at).
    public static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectFailure(code: errno) }
        defer { Foundation.close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ConnectFailure(code: errno) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
