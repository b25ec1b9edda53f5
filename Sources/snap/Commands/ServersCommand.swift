import ArgumentParser
import Foundation
import SnapClient
import SnapLAN

/// `snap servers`: the Snap! servers on this network, then exit.
struct ServersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers",
        abstract: "List the Snap! servers on this network (it looks for about 1.5 seconds), then exit.",
        discussion: """
            Servers announce themselves with DNS-SD (mDNS): Bonjour on macOS, the avahi-daemon on Linux. \
            Exits with status 1 when none answered (printing [] with --json), and 2 when discovery is off here.
            """
    )

    @Flag(help: "Print the servers as a JSON array: name, host, port, addresses, url, version, server_name, tables, seats.")
    var json = false

    func run() async throws {
        try await Self.list(json: json)
    }

    /// Looks, prints what it found, and ends with the status the discussion promises.
    static func list(json: Bool) async throws {
        let servers: [FoundServer]
        do {
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(try await LANDiscovery.servers()), as: UTF8.self))
                return
            }
            servers = try await LANDiscovery.found()
        } catch let failure as LANDiscovery.Failure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode(2)
        }
        guard !servers.isEmpty else {
            print(LANDiscovery.nothingFound)
            throw ExitCode.failure
        }
        print("Snap! servers on this network:")
        for line in LANDiscovery.lines(servers) { print("  " + line) }
        print("Join one: \(Invocation.current.command) join --name YourName (then pick it with the arrow keys)")
    }
}
