import SnapLAN
import SnapProtocol

/// A Snap! server found on the local network by ``SnapClient/findServers(lookingFor:)``.
public struct FoundServer: Sendable, Hashable {
    /// The name it announces itself under (the host's name unless `snap serve --name` said otherwise).
    public var name: String
    /// Where to connect to it.
    public var address: SnapAddress
    /// Its host's name on the network (`kitchen.local`), when it said.
    public var hostName: String
    /// Its open tables, as it last said (nil: it did not say).
    public var openTables: Int?
    /// Free seats at those tables, as it last said.
    public var freeSeats: Int?
    /// The newest protocol version it speaks (nil: it did not say).
    public var protocolVersion: Int?

    /// Whether it speaks this client's protocol version or a newer one (a server serves every older version).
    public var speaksThisClientsVersion: Bool {
        protocolVersion.map { $0 >= Int(Wire.version) } ?? true
    }

    init?(_ server: DiscoveredServer) {
        guard let address = try? SnapAddress(server.webSocketURL) else { return nil }
        name = server.name
        self.address = address
        hostName = server.host
        openTables = server.txt.openTables
        freeSeats = server.txt.freeSeats
        protocolVersion = server.txt.protocolVersion
    }
}
