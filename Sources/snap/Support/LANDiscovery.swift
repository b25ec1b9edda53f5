import Foundation
import SnapClient
import SnapLAN
import SnapProtocol
import SnapTerminal

/// Finding servers on the local network, as `snap servers` and `snap join` without an address do: with
/// ``SnapClient/findServers(lookingFor:)``, as any client of the library would, and as SnapLAN's records for
/// `snap servers --json`.
enum LANDiscovery {
    /// How long to look: long enough for every server on the network to answer, short enough not to be a wait.
    static let lookingTime: Duration = .milliseconds(1_500)

    /// What to type instead when nothing is found.
    static let addressHint = "Pass the server's address instead, e.g. snap join ws://192.168.1.20:8080 --name Ann"

    /// The servers on the network, each once, as the client library finds them (none: an empty list).
    ///
    /// - Throws: ``Failure`` when discovery is off here (no library, no daemon).
    static func found() async throws(Failure) -> [FoundServer] {
        do throws(SnapClientError) {
            return try await SnapClient.findServers(lookingFor: lookingTime)
        } catch .noServerFound {
            return []
        } catch .discoveryUnavailable(let reason) {
            throw Failure(reason: reason)
        } catch {
            throw Failure(reason: "\(error)")
        }
    }

    /// The servers on the network, each once, as SnapLAN records them (`snap servers --json`).
    ///
    /// - Throws: ``Failure`` when discovery is off here (no library, no daemon).
    static func servers() async throws(Failure) -> [DiscoveredServer] {
        let library: DNSServiceLibrary
        switch DNSServiceLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let error): throw Failure(reason: error.reasonDiscoveryIsOff)
        }
        do throws(DNSServiceError) {
            return try await LANBrowser.servers(lookingFor: lookingTime, library: library)
        } catch {
            throw Failure(reason: error.reasonDiscoveryIsOff)
        }
    }

    /// One line about a server in `texts`' language: its name, its address and host name, its open tables and free
    /// seats.
    static func line(_ server: FoundServer, nameWidth: Int, texts: TerminalTexts = .english) -> String {
        var parts = [server.name.padded(toWidth: nameWidth)]
        let host = server.address.host.contains(":") ? "[\(server.address.host)]" : server.address.host
        parts.append("\(host):\(server.address.port)" + (server.hostName.isEmpty ? "" : " (\(server.hostName))"))
        if let tables = server.openTables {
            var text = texts.text("terminal.servers.openTables", count: tables)
            if let seats = server.freeSeats { text += ", " + texts.text("terminal.servers.freeSeats", count: seats) }
            parts.append(text)
        }
        if let version = server.protocolVersion, version != Int(Wire.version) {
            parts.append(texts.text("terminal.servers.protocol", ["theirs": String(version), "ours": String(Wire.version)]))
        }
        return parts.joined(separator: "  ·  ")
    }

    /// The lines about `servers`, their names in one column (by terminal width: a name may be in Japanese).
    static func lines(_ servers: [FoundServer], texts: TerminalTexts = .english) -> [String] {
        let width = min(24, servers.map(\.name.terminalWidth).max() ?? 0)
        return servers.map { line($0, nameWidth: width, texts: texts) }
    }

    /// The message when nothing was found.
    static var nothingFound: String {
        "No Snap! server answered on this network (looked for \(lookingTime.secondsText)). \(addressHint)"
    }

    /// LAN discovery does not work on this machine.
    struct Failure: Error, CustomStringConvertible {
        /// Why, in a few words.
        let reason: String

        var description: String {
            "LAN discovery is off here: \(reason). \(addressHint)"
        }
    }
}

extension Duration {
    /// "1.5 s".
    fileprivate var secondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return "\(seconds.formatted(.number.precision(.fractionLength(0...1)))) s"
    }
}
