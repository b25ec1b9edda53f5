#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The addresses people on the same network can use to reach this machine.
public enum NetworkAddresses {
    /// One IPv4 address of a network interface.
    public struct Interface: Hashable, Sendable {
        /// The interface's name (eth0, wlan0, en0, docker0…).
        public var name: String
        /// Its address, as digits and dots.
        public var address: String

        public init(name: String, address: String) {
            self.name = name
            self.address = address
        }
    }

    /// This machine's IPv4 addresses on its network interfaces, loopback excluded, the likeliest to reach a
    /// friend's phone first (see ``rankedForPlayers(_:)``).
    public static func local() -> [String] {
        rankedForPlayers(interfaces()).map(\.address)
    }

    /// The interfaces' addresses best first for players on the same network: a home or office network's private
    /// addresses (192.168, then 10, then 172.16–31) before other ones, and link-local ones last; the bridges of
    /// containers and virtual machines and VPN tunnels after real interfaces.
    public static func rankedForPlayers(_ interfaces: [Interface]) -> [Interface] {
        func rank(_ interface: Interface) -> Int {
            let octets = interface.address.split(separator: ".").compactMap { Int($0) }
            guard octets.count == 4 else { return 99 }
            let kind: Int =
                switch (octets[0], octets[1]) {
                case (192, 168): 0
                case (10, _): 1
                case (172, 16...31): 2
                case (169, 254): 5
                default: 3
                }
            let virtual = ["docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "utun", "wg", "zt",
                "tailscale", "lxc", "lxd", "cni", "flannel", "podman"]
                .contains { interface.name.hasPrefix($0) }
            return kind + (virtual ? 10 : 0)
        }
        return interfaces.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }

    /// Every IPv4 address of an interface that is up, loopback excluded, in the system's order.
    public static func interfaces() -> [Interface] {
        var found = [Interface]()
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var current: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = current {
            defer { current = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                found.append(
                    Interface(
                        name: String(cString: entry.pointee.ifa_name),
                        address: String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
            }
        }
        return found
    }
}
