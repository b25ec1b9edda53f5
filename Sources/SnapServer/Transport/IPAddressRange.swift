#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, or a block of them (`10.0.0.0/8`, `fd00::/8`): what `--trusted-proxy` names.
///
/// An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket reports it) is the IPv4 address.
struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    /// The block's first address: 4 bytes, or 16 for IPv6.
    let bytes: [UInt8]
    /// How many leading bits every address of the block shares (32 or 128 for one address).
    let prefixLength: Int

    /// Parses `ADDRESS` or `ADDRESS/BITS`; nil for anything else.
    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        var length = bits
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].count <= 3, let given = Int(parts[1]),
                (0...bits).contains(given)
            else { return nil }
            length = given
        }
        bytes = Self.masked(address, to: length)
        prefixLength = length
    }

    /// Whether `address` (its bytes, from ``bytes(of:)``) is in this block.
    func contains(_ address: [UInt8]) -> Bool {
        address.count == bytes.count && Self.masked(address, to: prefixLength) == bytes
    }

    var description: String {
        let text = Self.text(of: bytes)
        return prefixLength == bytes.count * 8 ? text : "\(text)/\(prefixLength)"
    }

    /// The bytes of an address written as digits (`203.0.113.7`, `2001:db8::1`): 4, or 16 for IPv6; an IPv4
    /// address written as IPv6 gives its 4 bytes. Nil for anything that is not an address.
    static func bytes(of text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var v4 = in_addr()
        if text.contains("."), !text.contains(":") {
            guard inet_pton(AF_INET, text, &v4) == 1 else { return nil }
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        return Array(bytes.prefix(12)) == mappedPrefix ? Array(bytes.suffix(4)) : bytes
    }

    /// An address's usual text: `203.0.113.7`, `2001:db8::1`.
    static func text(of bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { source in
            inet_ntop(family, source.baseAddress, &buffer, socklen_t(buffer.count)) != nil
        }
        guard written else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func masked(_ address: [UInt8], to length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(8, max(0, length - index * 8))
            return kept == 8 ? byte : byte & ~(0xFF >> UInt8(kept))
        }
    }
}
