import Logging
import ServiceLifecycle
import SnapLAN
import SnapProtocol

/// Announces the server on the local network (DNS-SD, `_snap._tcp`) from the moment it listens until it shuts
/// down, with a TXT record that follows the lobby's open tables and free seats. Without DNS-SD (no library, no
/// daemon) it says so in one line of the log and the server carries on without it.
struct LANAnnouncementService: Service {
    /// The name to announce.
    let name: String
    /// Whether to announce it to this machine alone: the server listens on a loopback address.
    let thisMachineOnly: Bool
    let lobby: Lobby
    /// The server's clock, which the debounce waits on.
    let clock: any ServerClock
    /// The port, once the server listens.
    let ports: AsyncStream<Int>
    let logger: Logger
    /// Told once the service is registered.
    let onAnnounced: @Sendable (LANAnnouncement) async -> Void
    /// Changes are gathered for this long before the TXT record is updated: a burst of joins makes one update.
    var debounce: Duration = .milliseconds(250)

    /// The end of the line every "LAN discovery is off" message ends with.
    static let fallback = "players can still use the addresses shown"

    func run() async {
        let port = await cancelWhenGracefulShutdown { [ports] in
            var iterator = ports.makeAsyncIterator()
            return await iterator.next()
        }
        guard let port, !Task.isCancelled, !Task.isShuttingDownGracefully else { return }
        let library: DNSServiceLibrary
        switch DNSServiceLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let error):
            logger.notice("\(Self.offMessage(for: error))")
            return
        }
        let counts = await lobby.openTableCounts()
        let announcement: LANAnnouncement
        do {
            announcement = try await LANAnnouncement.start(
                name: name, port: port, txt: Self.txt(name, counts), thisMachineOnly: thisMachineOnly, library: library)
        } catch {
            logger.notice("\(Self.offMessage(for: error))")
            return
        }
        // Debug: the command prints the line people need, under its banner.
        logger.debug("announced on the LAN", metadata: ["name": "\(announcement.name)", "host": "\(announcement.hostName ?? "?")"])
        if !Task.isShuttingDownGracefully { await onAnnounced(announcement) }
        let (lobby, clock, debounce, logger, name) = (lobby, clock, debounce, logger, name)
        await cancelWhenGracefulShutdown {
            var counts = counts
            for await _ in lobby.listingChanges.stream {
                try? await clock.sleep(for: debounce)
                let now = await lobby.openTableCounts()
                guard now != counts, !Task.isCancelled else { continue }
                do {
                    try await announcement.update(Self.txt(name, now))
                    counts = now
                } catch {
                    logger.warning("could not update the LAN announcement: \(error)")
                }
            }
        }
        await announcement.withdraw()
    }

    /// The TXT record for `counts`.
    static func txt(_ name: String, _ counts: (tables: Int, freeSeats: Int)) -> ServerTXT {
        ServerTXT(
            protocolVersion: Int(Wire.version), name: name, path: "/ws", openTables: counts.tables,
            freeSeats: counts.freeSeats)
    }

    /// The one line that says LAN discovery is off, and why.
    static func offMessage(for error: DNSServiceError) -> String {
        "LAN discovery is off: \(error.reasonDiscoveryIsOff); \(fallback)."
    }
}
