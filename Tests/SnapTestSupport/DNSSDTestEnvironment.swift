import Foundation
import SnapLAN

/// Whether the tests of LAN discovery can run here: DNS-SD's library loads and its daemon is up (on Linux the
/// avahi-daemon, which scripts/lan-daemons starts; on macOS mDNSResponder always is). Without them those tests are
/// skipped, unless `SNAP_REQUIRE_LAN=1` (scripts/test sets it after starting the daemons) makes that a failure.
public enum DNSSDTestEnvironment {
    /// The library, when it loads.
    public static let library: DNSServiceLibrary? = {
        guard case .success(let library) = DNSServiceLibrary.shared else { return nil }
        return library
    }()

    /// Whether the daemon's socket is there: a library that loads without its daemon fails at the first call.
    public static let daemonIsUp: Bool = {
        #if os(Linux)
        ["/run/avahi-daemon/socket", "/var/run/avahi-daemon/socket"].contains { FileManager.default.fileExists(atPath: $0) }
        #else
        true
        #endif
    }()

    /// Whether the tests that need DNS-SD run: it is here, or it must be.
    public static let available =
        (library != nil && daemonIsUp) || ProcessInfo.processInfo.environment["SNAP_REQUIRE_LAN"] == "1"
}
