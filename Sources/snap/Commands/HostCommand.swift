import ArgumentParser
import Foundation
import Logging
import SnapClient
import SnapCommandLine
import SnapCore
import SnapLAN
import SnapServer
import SnapTerminal

/// `snap host`: a server in this process, and a seat at its first table, played in this terminal.
struct HostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Host a table: start a server here and play at it in this terminal while others join.",
        discussion: """
            Others join from a browser at the printed address, or with `snap join ws://ADDRESS:PORT --table CODE`.
            In the waiting room: Enter starts the round once two to four players are seated, c adds a computer
            player, r changes the round (quick 3, 5 or 10 minutes, or classic). During play: Enter turns your card, Space calls Snap!, n starts the next round, q quits
            (which closes the table for everyone).
            """
    )

    @Option(help: "Your name at the table (1–20 visible characters).")
    var name: String

    @Option(help: "The port to listen on (1–65535).")
    var port = 8080

    @Option(help: "Speed factor for every delay: 2 plays twice as fast.")
    var speed = 1.0

    @Option(help: "How fast computer players are: easy, normal or hard.")
    var difficulty: Difficulty = .normal

    @OptionGroup var judging: JudgingOptions

    @OptionGroup var tableSettings: TableSettingsOptions

    @OptionGroup var language: LanguageOption

    @OptionGroup(title: "History") var store: StoreOptions

    @OptionGroup var proxies: TrustedProxyOption

    func validate() throws {
        try validateSpeed(speed)
        try validatePort(port, allowingAnyFree: false)
        try validateName(name)
    }

    func run() async throws {
        try NoTerminal.requireTerminal(for: "snap host")
        let texts = try language.texts()
        var configuration = SnapServerConfiguration()
        configuration.port = port
        configuration.speed = speed
        configuration.difficulty = difficulty.rawValue
        configuration.judging = judging.rule
        configuration.falseStartFloor = judging.falseStartFloor
        configuration.tableSettings = tableSettings.settings
        proxies.apply(to: &configuration)
        configuration.announcedName = ServiceName.hostDefault
        // The screen is the terminal's: the server logs nothing while we play.
        let quiet = Logger(label: "snap", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let store = try await store.open(logger: quiet)
        let server = SnapGameServer(configuration: configuration, store: store, logger: quiet) { portContinuation.yield($0) }
        let serverTask = Task {
            defer { portContinuation.finish() }
            try await server.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            do { try await serverTask.value } catch {
                if "\(error)".contains("Address already in use") { throw ServeFailure.portInUse(self.port) }
                throw ServeFailure.other("\(error)")
            }
            throw ServeFailure.other("the server stopped at once")
        }
        let client = try await SnapClient.connect(to: "ws://127.0.0.1:\(port)/ws", name: try PlayerName.validated(name), configuration: .init(logger: quiet))
        _ = try await client.sitDown(at: nil)
        let addresses = (NetworkAddresses.local() + ["127.0.0.1"]).map { "\($0):\(port)" }
        let game = NetworkGame(
            client: client, addresses: addresses, dealLength: .milliseconds(Int64(2_000 / speed)), command: "snap host", texts: texts)
        let status = await game.run()
        await server.shutDown()
        _ = try? await serverTask.value
        if status != 0 { throw ExitCode(status) }
    }
}
