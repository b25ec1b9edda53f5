import Foundation
@_spi(Instrumentation) import SnapClient
import SnapLAN
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// A server announced on the LAN through the real avahi-daemon: its TXT record follows the lobby, and a test
/// server stays off the network unless it asks.
@Suite struct ServerAnnouncementTests {
    /// The library, when it loads and its daemon is up.
    static let library = DNSSDTestEnvironment.library
    static let available = DNSSDTestEnvironment.available

    @Test func aTestServerAnnouncesNothingUnlessItAsks() {
        #expect(SnapServerConfiguration().announcedName == nil)
    }

    /// The server `name` as browsers see it once `condition` holds; nil if it never does within ten tries.
    static func find(_ name: String, library: DNSServiceLibrary, until condition: (DiscoveredServer) -> Bool) async throws
        -> DiscoveredServer?
    {
        var last: DiscoveredServer?
        for _ in 0..<10 {
            last = try await LANBrowser.servers(lookingFor: .milliseconds(500), library: library).first { $0.name == name }
            if let last, condition(last) { return last }
        }
        return nil
    }

    @Test(.enabled(if: available, "DNS-SD is not available here (scripts/lan-daemons start); SNAP_REQUIRE_LAN=1 fails instead"))
    func theTXTRecordFollowsTheOpenTablesAndFreeSeats() async throws {
        let library = try #require(Self.library)
        let name = "Server test \(UUID().uuidString.prefix(8))"
        let server = try await TestServer.start { $0.announcedName = name }
        let empty = try await Self.find(name, library: library) { $0.txt.openTables == 0 }
        #expect(empty?.port == server.port)
        #expect(empty?.txt == ServerTXT(protocolVersion: Int(Wire.version), name: name, path: "/ws", openTables: 0, freeSeats: 0))

        let ann = try await SnapClient.connect(to: server.url, name: "Ann")
        _ = try await ann.sitDown(at: nil)
        let open = try await Self.find(name, library: library) { $0.txt.openTables == 1 }
        #expect(open?.txt.freeSeats == 3)

        let code = try #require(await ann.openTables().first?.code)
        let bob = try await SnapClient.connect(to: server.url, name: "Bob")
        _ = try await bob.sitDown(at: code)
        let fuller = try await Self.find(name, library: library) { $0.txt.freeSeats == 2 }
        #expect(fuller?.txt.openTables == 1)

        await ann.disconnect()
        await bob.disconnect()
        await server.stop()
    }
}
