import SnapLAN

extension SnapClient {
    /// Looks for Snap! servers on the local network (DNS-SD, as `snap servers` does) for `duration`, and returns
    /// each one found once, in the order they answered.
    ///
    /// ```swift
    /// guard let server = try await SnapClient.findServers().first else { return }
    /// let client = try await SnapClient.connect(to: server.address, name: "Ann")
    /// ```
    ///
    /// - Throws: ``SnapClientError/noServerFound`` when none answered, and
    ///   ``SnapClientError/discoveryUnavailable(_:)`` when this machine cannot look (on Linux, avahi-daemon and its
    ///   `libdns_sd` compatibility library are needed).
    public static func findServers(lookingFor duration: Duration = .milliseconds(1_500)) async throws(SnapClientError)
        -> [FoundServer]
    {
        let library: DNSServiceLibrary
        switch DNSServiceLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let error): throw .discoveryUnavailable(error.reasonDiscoveryIsOff)
        }
        let found: [DiscoveredServer]
        do throws(DNSServiceError) {
            found = try await LANBrowser.servers(lookingFor: duration, library: library)
        } catch {
            throw .discoveryUnavailable(error.reasonDiscoveryIsOff)
        }
        let servers = found.compactMap(FoundServer.init)
        guard !servers.isEmpty else { throw .noServerFound }
        return servers
    }
}
