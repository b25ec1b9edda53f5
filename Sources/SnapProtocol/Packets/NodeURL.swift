/// The WebSocket address of one node of a cluster, as a ``Packet/redirect(url:code:)`` carries it.
///
/// A node URL is `ws://` or `wss://`, then a host (with an optional port and path), in printable ASCII without
/// spaces, and fits a string field (``Wire/maximumStringBytes``): `ws://10.0.0.7:8080/ws`.
public enum NodeURL {
    /// The schemes a node URL may have.
    public static let schemes = ["ws://", "wss://"]

    /// Whether `text` is a node URL.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= Wire.maximumStringBytes, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return false
        }
        guard let scheme = schemes.first(where: { text.hasPrefix($0) }) else { return false }
        let rest = bytes.dropFirst(scheme.utf8.count)
        let host = rest.prefix { !"/?#".utf8.contains($0) }
        return !host.isEmpty && host.first != UInt8(ascii: ":")
    }
}
