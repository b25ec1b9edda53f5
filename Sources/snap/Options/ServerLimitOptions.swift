import ArgumentParser
import SnapServer

/// The limits `snap serve` holds every client to, for a server that must stand up to whoever is on its network.
struct ServerLimitOptions: ParsableArguments {
    @Option(help: "The most game connections at once.")
    var maxConnections = SnapServerConfiguration().maximumConnections

    @Option(help: "The most game connections from one network address (players behind one router share one).")
    var maxConnectionsPerAddress = SnapServerConfiguration().maximumConnectionsPerAddress

    @Option(help: "New connections one network address may open a second (five times as many at once).")
    var connectionRatePerAddress = Int(SnapServerConfiguration().connectionRate.perSecond)

    @Option(help: "The most tables open at once.")
    var maxTables = SnapServerConfiguration().maximumTables

    @Option(help: "The most tables the players of one network address may have open at once.")
    var maxTablesPerAddress = SnapServerConfiguration().maximumTablesPerAddress

    @Option(help: "The most people watching one table at once (0: nobody may watch).")
    var maxWatchers = SnapServerConfiguration().maximumWatchersPerTable

    @Option(help: "KiB of unsent packets one connection may hold before it is cut off for not reading.")
    var outboxLimit = SnapServerConfiguration().outboxLimit / 1024

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy in front of this server (nginx, a load balancer) whose X-Forwarded-For says where players come from: an address or a block, e.g. 127.0.0.1 or 10.0.0.0/8. Repeat for several.",
            discussion: """
                For a game connection from a trusted proxy, the caps of connections and tables per address count \
                the right-most address in X-Forwarded-For that is not itself a trusted proxy (the proxy's own address \
                when the header is missing or cannot be read). The caps of sockets per address and of how fast one \
                address opens them apply at accept, before any header is read: a trusted proxy is exempt from them \
                (limit addresses in the proxy itself, e.g. nginx's limit_conn). Without this option the header is \
                ignored, so that a client cannot choose the address it is counted by.
                """,
            valueName: "ADDR"))
    var trustedProxies: [String] = []

    func validate() throws {
        for (flag, value, range) in [
            ("--max-connections", maxConnections, 1...1_000_000),
            ("--max-connections-per-address", maxConnectionsPerAddress, 1...1_000_000),
            ("--connection-rate-per-address", connectionRatePerAddress, 1...1_000_000),
            ("--max-tables", maxTables, 1...1_000_000),
            ("--max-tables-per-address", maxTablesPerAddress, 1...1_000_000),
            ("--max-watchers", maxWatchers, 0...10_000),
            ("--outbox-limit", outboxLimit, 16...65_536),
        ] where !range.contains(value) {
            throw ValidationError("\(flag) must be between \(range.lowerBound) and \(range.upperBound); got \(value).")
        }
        do throws(TrustedProxies.InvalidEntry) {
            _ = try TrustedProxies(trustedProxies)
        } catch {
            throw ValidationError("--trusted-proxy \(error.entry) is not an IP address or a block of them: pass one such as 127.0.0.1, ::1 or 10.0.0.0/8.")
        }
    }

    /// Puts the limits into a server's configuration.
    func apply(to configuration: inout SnapServerConfiguration) {
        configuration.maximumConnections = maxConnections
        configuration.maximumConnectionsPerAddress = maxConnectionsPerAddress
        configuration.maximumSocketsPerAddress = max(configuration.maximumSocketsPerAddress, 4 * maxConnectionsPerAddress)
        configuration.connectionRate = .init(
            perSecond: Double(connectionRatePerAddress), burst: 5 * Double(connectionRatePerAddress))
        configuration.maximumTables = maxTables
        configuration.maximumTablesPerAddress = maxTablesPerAddress
        configuration.maximumWatchersPerTable = maxWatchers
        configuration.outboxLimit = outboxLimit * 1024
        configuration.trustedProxies = (try? TrustedProxies(trustedProxies)) ?? TrustedProxies()
    }
}
