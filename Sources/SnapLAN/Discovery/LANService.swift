import Foundation

/// The DNS-SD service type Snap! servers are announced and found under.
public enum LANService {
    /// The environment variable that sets another service type, so that tests running side by side (or groups
    /// that want to keep to themselves) do not see each other's servers.
    public static let typeVariable = "SNAP_SERVICE_TYPE"

    /// `_snap._tcp`, or the type the environment sets.
    public static var type: String {
        ProcessInfo.processInfo.environment[typeVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "_snap._tcp"
    }
}
