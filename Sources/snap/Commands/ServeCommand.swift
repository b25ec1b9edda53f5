import ArgumentParser
import Foundation
import Logging
import SnapCommandLine
import SnapCore
import SnapLAN
import SnapServer

/// `snap serve` (and plain `snap`): the game server, with the web client, for everyone on this network.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start a Snap! server: open the printed address in a browser, or `snap join` from a terminal.",
        discussion: "Stop it with Ctrl-C: every player is told the server shut down before their connection closes."
    )

    @Option(help: "The address to listen on: 0.0.0.0 for every network interface, 127.0.0.1 for this machine only.")
    var host = "0.0.0.0"

    @Option(help: "The port to listen on (1–65535; 0 picks a free one).")
    var port = 8080

    @Option(help: "The name this server is announced under on the local network, for `snap join` and `snap servers` (1–63 bytes; default: this machine's host name).")
    var name: String?

    @Option(help: "Speed factor for every game delay: 2 plays twice as fast.")
    var speed = 1.0

    @Option(help: "Seconds a dropped player's seat and cards are kept for them.")
    var grace = 30.0

    @Option(help: "How fast computer players are: easy, normal or hard.")
    var difficulty: Difficulty = .normal

    @Option(help: "Seed for table codes and shuffles (for reproducible test runs).")
    var seed: UInt64?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical. The frameworks' routine messages show from debug.")
    var logLevel = "info"

    @OptionGroup var judging: JudgingOptions

    @OptionGroup var tableSettings: TableSettingsOptions

    @OptionGroup(title: "History") var store: StoreOptions

    @OptionGroup(title: "Cluster") var cluster: ClusterOptions

    @Flag(help: "Leave the QR code of the server's address out of the banner (it is only drawn in a terminal).")
    var noQR = false

    @OptionGroup(title: "Limits") var limits: ServerLimitOptions

    func validate() throws {
        try validateSpeed(speed)
        try validatePort(port, allowingAnyFree: true)
        guard grace.isFinite, grace >= 0, grace <= 3_600 else {
            throw ValidationError("--grace must be between 0 and 3600 seconds; got \(grace).")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        guard !host.isEmpty, !host.contains(" ") else {
            throw ValidationError("--host must be an address such as 0.0.0.0 or 127.0.0.1; got '\(host)'.")
        }
        try cluster.validate(db: store.db)
        if let name {
            do { _ = try ServiceName.validated(name) } catch {
                throw ValidationError("--name must be 1 to 63 bytes of UTF-8 with no control characters: \(error).")
            }
        }
    }

    func run() async throws {
        var configuration = SnapServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.speed = speed
        configuration.reconnectGrace = .milliseconds(Int64(grace * 1000))
        configuration.seed = seed
        configuration.difficulty = difficulty.rawValue
        configuration.judging = judging.rule
        configuration.falseStartFloor = judging.falseStartFloor
        configuration.tableSettings = tableSettings.settings
        limits.apply(to: &configuration)
        configuration.announcedName = name ?? ServiceName.hostDefault
        let level = Logger.Level(rawValue: logLevel) ?? .info
        let logger = Logger(label: "snap") { label in ServerLogHandler(label: label, level: level) }
        let host = host
        // A code is only drawn where a person looks at it: in a terminal, not in a log file or a pipe.
        let drawsQR = !noQR && isatty(STDOUT_FILENO) == 1
        let store = try await store.open(logger: logger)
        let kept = store?.location
        let cluster = try await cluster.join(db: self.store.db, timeout: self.store.timeout, logger: logger)
        let node = cluster?.node?.url
        let server = SnapGameServer(
            configuration: configuration, store: store, cluster: cluster, logger: logger, signals: [.sigint, .sigterm]
        ) { port in
            let links = ServerLinks(host: host, port: port)
            let banner = ServeCommand.banner(
                host: host, port: port, links: links, qr: drawsQR ? qrBannerLines(links.join) : nil, kept: kept)
            // Written straight to the file descriptor so it shows at once even when stdout is a pipe.
            FileHandle.standardOutput.write(Data((banner + "\n").utf8))
            if let node, let kept {
                FileHandle.standardOutput.write(Data("A node of the cluster in \(kept), reached at \(node)\n".utf8))
            }
        } onAnnounced: { announcement in
            FileHandle.standardOutput.write(Data((ServeCommand.announcedLine(announcement) + "\n").utf8))
        }
        var failure: (any Error)?
        do {
            try await server.run()
        } catch {
            failure = error
        }
        await cluster?.close()
        if let failure {
            let text = "\(failure)"
            if text.contains("Address already in use") || text.contains("EADDRINUSE") {
                throw ServeFailure.portInUse(port)
            }
            throw ServeFailure.other(text)
        }
    }

    /// What the server prints once it listens: the addresses to open (with a QR code of the best one for phones,
    /// when `qr` is given), and a `join` command that can be copied as it is, in the words that started this server
    /// (`snap`, `swift run snap`, …).
    static func banner(
        host: String, port: Int, links: ServerLinks, qr: [String]? = nil, kept: String? = nil,
        invocation: Invocation = .current
    ) -> String {
        var lines = ["Snap! server running. Open one of these in a browser on this network:"]
        if host == "0.0.0.0" || host == "::" { lines.append("  http://127.0.0.1:\(port)/   (this machine)") }
        for link in links.links where link != "http://127.0.0.1:\(port)/" || host == "127.0.0.1" {
            lines.append("  \(link)")
        }
        if let qr { lines += qr }
        let joinHost = links.join.dropFirst("http://".count).dropLast("/".count)
        // On a line of its own, so that a narrow terminal never wraps the address in the middle.
        lines.append("Play in a terminal:")
        lines.append("  \(invocation.command) join ws://\(joinHost) --name YourName")
        if let kept {
            lines.append("Rounds are kept in \(kept): history at \(links.join)history")
        } else {
            lines.append("Rounds are not kept (--db none): no history, replays or stats.")
        }
        lines.append("Stop the server with Ctrl-C.")
        return lines.joined(separator: "\n")
    }
}

/// The QR code of a link for a banner, with a line saying what it is; nil where no code can be made (then one
/// line says why, and the link is there as text).
func qrBannerLines(_ link: String) -> [String] {
    do {
        return ["Scan with a phone's camera to open \(link) :"] + (try QRCode.encoding(link)).halfBlockLines(colour: true)
    } catch {
        return ["(\(error) The links above work as they are.)"]
    }
}

extension ServeCommand {
    /// The line printed under the banner once the server is announced on the LAN: its address by name.
    static func announcedLine(_ announcement: LANAnnouncement) -> String {
        guard let host = announcement.hostName else { return "  (announced on the LAN as \"\(announcement.name)\")" }
        return "  http://\(host):\(announcement.port)/   (by name, announced on the LAN as \"\(announcement.name)\")"
    }
}

/// Why the server could not run.
enum ServeFailure: Error, CustomStringConvertible {
    case portInUse(Int)
    case other(String)

    var description: String {
        switch self {
        case .portInUse(let port):
            "Port \(port) is already in use (is another server running?). Choose another with --port, e.g. --port \(port + 1)."
        case .other(let text): "The server could not start: \(text)"
        }
    }
}
