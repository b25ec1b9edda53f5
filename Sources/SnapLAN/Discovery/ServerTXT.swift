/// What a Snap! server says about itself in its TXT record (docs/PROTOCOL.md, "LAN discovery").
///
/// Every field is optional when read: a field that is missing or malformed is nil, never an error, because
/// anyone on the network can announce anything.
public struct ServerTXT: Hashable, Sendable {
    /// `v`: the protocol version the server speaks.
    public var protocolVersion: Int?
    /// `name`: the server's name, as given with `snap serve --name`.
    public var name: String?
    /// `path`: the path of the WebSocket, such as `/ws`.
    public var path: String?
    /// `tables`: the number of open tables (those people can see and join).
    public var openTables: Int?
    /// `seats`: the number of free seats at open tables whose round is not under way.
    public var freeSeats: Int?

    /// The largest count read from the network; anything larger is taken as malformed.
    static let maximumCount = 1_000_000

    /// Describes a server.
    public init(protocolVersion: Int?, name: String?, path: String?, openTables: Int?, freeSeats: Int?) {
        self.protocolVersion = protocolVersion
        self.name = name
        self.path = path
        self.openTables = openTables
        self.freeSeats = freeSeats
    }

    /// Reads the fields from `record`, leaving out those that are malformed.
    public init(_ record: TXTRecord) {
        func count(_ key: String) -> Int? {
            guard let text = record[key], text.count <= 7, text.allSatisfy(\.isASCII), let number = Int(text),
                (0...Self.maximumCount).contains(number)
            else { return nil }
            return number
        }
        protocolVersion = count("v")
        name = record["name"].map(ServiceName.printable).flatMap { $0.isEmpty ? nil : $0 }
        path = record["path"].flatMap { path in
            path.hasPrefix("/") && path.utf8.count <= 200 && path.utf8.allSatisfy { (0x21...0x7E).contains($0) } ? path : nil
        }
        openTables = count("tables")
        freeSeats = count("seats")
    }

    /// The record, with the fields that are set.
    public var record: TXTRecord {
        var record = TXTRecord()
        // Each value is short (a name is at most 63 bytes), so none can be too long for a string.
        if let protocolVersion { try? record.set("v", to: "\(protocolVersion)") }
        if let name { try? record.set("name", to: name) }
        if let path { try? record.set("path", to: path) }
        if let openTables { try? record.set("tables", to: "\(openTables)") }
        if let freeSeats { try? record.set("seats", to: "\(freeSeats)") }
        return record
    }
}
