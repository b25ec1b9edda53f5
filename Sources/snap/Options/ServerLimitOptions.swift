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

    @OptionGroup var proxies: TrustedProxyOption

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
        proxies.apply(to: &configuration)
    }
}
