/// The proxies (nginx, a load balancer) whose word a server takes for where a player comes from.
///
/// Behind a proxy every connection's peer is the proxy, so the caps per address would count every player as one.
/// For a connection whose peer is one of these, the game's caps per address (connections and tables) count the
/// address the proxy put in `X-Forwarded-For` instead: the right-most entry that is not itself a trusted proxy,
/// the entries further left being whatever the client sent. A header that cannot be read counts the peer itself.
/// From any other peer the header is ignored, so that a client cannot choose the address it is counted by.
public struct TrustedProxies: Sendable, Equatable, CustomStringConvertible {
    /// An entry that is neither an address nor a block of them.
    public struct InvalidEntry: Error, Equatable, CustomStringConvertible {
        /// The entry as given.
        public var entry: String

        public var description: String {
            "'\(entry)' is not an IP address or a block of them (such as 127.0.0.1, ::1 or 10.0.0.0/8)"
        }
    }

    private let ranges: [IPAddressRange]

    /// No proxy is trusted: every connection counts as its peer's address.
    public init() {
        ranges = []
    }

    /// Trusts the proxies at these addresses or blocks (`127.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`).
    ///
    /// - Throws: ``InvalidEntry`` for the first entry that is neither.
    public init(_ entries: [String]) throws(InvalidEntry) {
        var ranges: [IPAddressRange] = []
        for entry in entries {
            guard let range = IPAddressRange(entry) else { throw InvalidEntry(entry: entry) }
            ranges.append(range)
        }
        self.ranges = ranges
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// The trusted addresses and blocks, as they would be given.
    public var entries: [String] { ranges.map(\.description) }

    public var description: String { entries.joined(separator: ", ") }

    /// Whether a connection from `address` (as the socket reports it) comes through a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard !ranges.isEmpty, let bytes = IPAddressRange.bytes(of: address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The address a connection from `peer` is counted by, given the values of its request's `X-Forwarded-For`
    /// headers in order: `peer` itself unless it is a trusted proxy; else the right-most forwarded address that
    /// is not a trusted proxy (the left-most when all are), or `peer` when there is none or the header cannot be
    /// read up to that entry.
    public func clientAddress(peer: String, forwardedFor values: [String]) -> String {
        guard trusts(peer), !values.isEmpty else { return peer }
        let entries = values.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
        var leftmost: [UInt8]?
        for entry in entries.reversed() {
            let text = entry.trimmingSpaces
            guard let bytes = IPAddressRange.bytes(of: text) else { return peer }
            guard ranges.contains(where: { $0.contains(bytes) }) else { return IPAddressRange.text(of: bytes) }
            leftmost = bytes
        }
        return leftmost.map(IPAddressRange.text(of:)) ?? peer
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
