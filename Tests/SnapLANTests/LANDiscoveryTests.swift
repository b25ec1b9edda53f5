import Foundation
import SnapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import SnapLAN

/// Announcing and finding servers against the real DNS-SD daemon (avahi-daemon, started on loopback by
/// scripts/lan-daemons), with no mocks. Skipped where DNS-SD is not available, unless SNAP_REQUIRE_LAN=1.
@Suite struct LANDiscoveryTests {
    /// The library, when it loads and its daemon is up.
    static let library = DNSSDTestEnvironment.library
    static let available = DNSSDTestEnvironment.available

    /// A name no other test uses.
    static func uniqueName(_ label: String) -> String {
        "Test \(label) \(UUID().uuidString.prefix(8))"
    }

    static func txt(tables: Int) -> ServerTXT {
        ServerTXT(protocolVersion: 3, name: "Tester", path: "/ws", openTables: tables, freeSeats: tables * 3)
    }

    @Test func aMissingLibraryIsATypedError() {
        #expect(throws: DNSServiceError.libraryMissing(tried: ["/nonexistent/libdns_sd.so.1"])) {
            try DNSServiceLibrary(firstOf: ["/nonexistent/libdns_sd.so.1"])
        }
    }

    @Test func errorCodesMapToTypedErrors() {
        #expect(DNSServiceError(code: -65537) == .serviceNotRunning(code: -65537))
        #expect(DNSServiceError(code: -65563) == .serviceNotRunning(code: -65563))
        #expect(DNSServiceError(code: -65548) == .nameConflict)
        #expect(DNSServiceError(code: -65544) == .unsupported)
        #expect(DNSServiceError(code: -65540) == .failed(code: -65540))
        #expect(DNSServiceError.nameConflict.code == -65548)
    }

    @Test(.enabled(if: available, "DNS-SD is not available here (scripts/lan-daemons start); SNAP_REQUIRE_LAN=1 fails instead"))
    func anAnnouncedServerIsFoundWithItsPortAndTXTRecordAndItsUpdates() async throws {
        let library = try #require(Self.library)
        let name = Self.uniqueName("found")
        let announcement = try await LANAnnouncement.start(name: name, port: 4_321, txt: Self.txt(tables: 0), library: library)
        #expect(announcement.name == name)
        let host = try #require(announcement.hostName, "the .local host name, resolved through DNS-SD")
        #expect(host.hasSuffix(".local"))

        let servers = try await LANBrowser.servers(library: library)
        let found = try #require(servers.first { $0.name == name }, "\(servers)")
        #expect(found.port == 4_321)
        #expect(found.host == host)
        #expect(found.addresses.contains("127.0.0.1"), "\(found.addresses)")
        #expect(found.txt == Self.txt(tables: 0))
        #expect(found.webSocketURL.hasSuffix(":4321/ws"))
        #expect(servers.filter { $0.name == name }.count == 1, "once, however many interfaces saw it")

        try await announcement.update(Self.txt(tables: 2))
        var updated: DiscoveredServer?
        for _ in 0..<5 where updated?.txt != Self.txt(tables: 2) {
            updated = try await LANBrowser.servers(lookingFor: .milliseconds(600), library: library).first { $0.name == name }
        }
        #expect(updated?.txt.openTables == 2)
        #expect(updated?.txt.freeSeats == 6)

        await announcement.withdraw()
        // A withdrawn service's records are sent with a time to live of 0, and caches drop them a second later.
        var after = [DiscoveredServer]()
        for _ in 0..<10 {
            after = try await LANBrowser.servers(lookingFor: .milliseconds(500), library: library)
            if !after.contains(where: { $0.name == name }) { break }
        }
        #expect(!after.contains { $0.name == name }, "withdrawn: \(after.map(\.name))")
    }

    @Test(.enabled(if: available, "DNS-SD is not available here (scripts/lan-daemons start); SNAP_REQUIRE_LAN=1 fails instead"))
    func aNameTakenByAnotherProgramGetsANumber() async throws {
        let library = try #require(Self.library)
        let publisher = try #require(
            ["/usr/bin/avahi-publish", "/usr/local/bin/avahi-publish"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "avahi-publish (Debian's avahi-utils) holds the name from another process")
        let name = Self.uniqueName("taken")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: publisher)
        holder.arguments = ["-s", name, LANService.type, "9", "v=3"]
        holder.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        holder.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try holder.run()
        defer {
            // SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM.
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        // The name is the other program's once a browser sees it (avahi-publish's own word is block-buffered).
        var held = false
        for _ in 0..<10 where !held {
            held = try await LANBrowser.servers(lookingFor: .milliseconds(500), library: library).contains { $0.name == name }
        }
        #expect(held, "avahi-publish never announced \(name)")

        let announcement = try await LANAnnouncement.start(name: name, port: 4_322, txt: Self.txt(tables: 0), library: library)
        #expect(announcement.name == "\(name) (2)")
        let servers = try await LANBrowser.servers(library: library)
        #expect(servers.first { $0.name == name }?.port == 9)
        #expect(servers.first { $0.name == "\(name) (2)" }?.port == 4_322)
        await announcement.withdraw()
    }
}
