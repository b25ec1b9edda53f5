/// A Snap! server found on the local network.
public struct DiscoveredServer: Hashable, Sendable, Encodable {
    /// The name it is announced under (control characters removed).
    public var name: String
    /// Its host's `.local` name, such as `vm.local`.
    public var host: String
    /// Its port.
    public var port: Int
    /// Its host's addresses: IPv4 first, then IPv6 (a link-local one with `%interface`).
    public var addresses: [String]
    /// What its TXT record says.
    public var txt: ServerTXT

    /// Describes a server.
    public init(name: String, host: String, port: Int, addresses: [String], txt: ServerTXT) {
        self.name = name
        self.host = host
        self.port = port
        self.addresses = addresses
        self.txt = txt
    }

    /// `HOST:PORT` to reach it: its first address (an IPv6 one in brackets), or its host name when none was found.
    public var address: String {
        let host = addresses.first ?? host
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The address of its WebSocket: `ws://HOST:PORT/ws`.
    public var webSocketURL: String {
        "ws://\(address)\(txt.path ?? "/ws")"
    }

    private enum CodingKeys: String, CodingKey {
        case name, host, port, addresses, url, version, serverName = "server_name", tables, seats
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(host, forKey: .host)
        try container.encode(port, forKey: .port)
        try container.encode(addresses, forKey: .addresses)
        try container.encode(webSocketURL, forKey: .url)
        try container.encode(txt.protocolVersion, forKey: .version)
        try container.encode(txt.name, forKey: .serverName)
        try container.encode(txt.openTables, forKey: .tables)
        try container.encode(txt.freeSeats, forKey: .seats)
    }
}
