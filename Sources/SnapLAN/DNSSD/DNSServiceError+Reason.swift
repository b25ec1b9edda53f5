extension DNSServiceError {
    /// Why LAN discovery is off, for people, in words that say what to do: "the avahi-daemon is not running",
    /// or which package to install.
    public var reasonDiscoveryIsOff: String {
        switch self {
        case .libraryMissing(let names):
            #if canImport(Darwin)
            "the system's DNS-SD library could not be loaded (tried \(names.joined(separator: ", ")))"
            #else
            "the DNS-SD library \(names.joined(separator: " or ")) is not installed "
                + "(on Debian or Ubuntu: sudo apt-get install libavahi-compat-libdnssd1 avahi-daemon)"
            #endif
        case .serviceNotRunning:
            #if canImport(Darwin)
            "mDNSResponder is not running"
            #else
            "the avahi-daemon is not running"
            #endif
        case .nameConflict:
            "the name and its numbered variants are all taken on this network (choose another with --name)"
        default:
            "\(self)"
        }
    }
}
