import Foundation
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snap join` with no address, for real in tmux: it finds the servers announced on the LAN (through the real
/// avahi-daemon) and the player picks one with the arrow keys. Each test looks under a service type of its own,
/// so that no other server on this machine shows up.
@Suite(.startsPrograms) struct TmuxDiscoveryTests {
    /// Whether the DNS-SD library loads here (Avahi's on Linux; built in on macOS), or the tests must run anyway.
    static let lanAvailable: Bool = {
        if ProcessInfo.processInfo.environment["SNAP_REQUIRE_LAN"] == "1" { return true }
        #if canImport(Darwin)
        return true
        #else
        return dlopen("libdns_sd.so.1", RTLD_LAZY) != nil
        #endif
    }()

    static func serviceType() -> [String: String] {
        ["SNAP_SERVICE_TYPE": "_st\(UUID().uuidString.prefix(8).lowercased())._tcp"]
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable && lanAvailable, "needs tmux and DNS-SD (scripts/lan-daemons start)"))
    func joinWithoutAnAddressPicksAServerWithTheArrowKeys() async throws {
        let environment = Self.serviceType()
        var servers = [SnapBinary.Server]()
        defer { for server in servers { server.stop() } }
        for name in ["Attic", "Basement"] {
            let port = try TmuxNetworkTests.freePort()
            servers.append(
                try await SnapBinary.startBackground(
                    ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--name", name], until: "announced on the LAN",
                    environment: environment))
            #expect(servers.last?.banner.contains("announced on the LAN as \"\(name)\"") == true, "\(servers.last?.banner ?? "")")
        }
        let pane = try await SnapPane(arguments: "join --name Ann", environment: environment)
        defer { pane.close() }
        let list = try await pane.waitFor("the list of servers") { $0.contains("which one?") }
        #expect(list.contains("▸ Attic"), "\(list)")
        #expect(list.contains("Basement  ·  127.0.0.1:\(servers[1].port)"), "\(list)")
        #expect(list.contains("↑/↓ choose · Enter picks · q quits"), "\(list)")
        try await pane.send("Down")
        try await pane.waitFor("the cursor on the second") { $0.contains("▸ Basement") }
        try await pane.send("Enter")
        let joined = try await pane.waitFor("the table picker") { $0.contains("No open tables on this server yet") }
        #expect(joined.contains("Joining Basement at 127.0.0.1:\(servers[1].port)…"), "\(joined)")
        try await pane.send("q", "Enter")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"), "\(after)")
    }

    @Test(.enabled(if: TmuxSoloTests.tmuxAvailable && lanAvailable, "needs tmux and DNS-SD (scripts/lan-daemons start)"))
    func qAtTheListOfServersLeavesQuietly() async throws {
        let environment = Self.serviceType()
        let port = try TmuxNetworkTests.freePort()
        let server = try await SnapBinary.startBackground(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)", "--name", "Only one"], until: "announced on the LAN",
            environment: environment)
        defer { server.stop() }
        let pane = try await SnapPane(arguments: "join --name Ann", environment: environment)
        defer { pane.close() }
        try await pane.waitFor("the list, even of one server") { $0.contains("▸ Only one") }
        try await pane.send("q")
        let after = try await pane.waitFor("snap to exit") { $0.contains("snap exited with") }
        #expect(after.contains("snap exited with 0"), "\(after)")
        #expect(after.contains("terminal modes restored"), "\(after)")
    }
}
