import ArgumentParser
import Logging
import SnapClient
import SnapCore
import SnapProtocol
import SnapTerminal

/// `snap watch`: follow a table on a Snap! server in this terminal, without a seat.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a table on a Snap! server in this terminal, without playing.",
        discussion: """
            Give the server's address as `snap join` takes it (ws://HOST:PORT or HOST:PORT) and the table's \
            four-letter code: snap watch ws://192.168.1.20:8080 KXPT — or the table's link alone, as its QR code \
            says: snap watch 'http://192.168.1.20:8080/?t=KXPT'. Without an address, looks for servers on this \
            network and lets you pick one. You see what every player sees of the others, never a face-down card. \
            Keys: q or Esc stops watching.
            """
    )

    @Argument(help: ArgumentHelp("[ADDRESS] CODE: the server (optional, as for `snap join`) and the table's code; or a table's link (http://HOST:PORT/?t=CODE) alone.", valueName: "address-and-code"))
    var words: [String] = []

    @Option(help: "The name you sign in with (1–20 visible characters); players do not see it.")
    var name = "Watcher"

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard (1...2).contains(words.count) else {
            throw ValidationError("Give the table's code, and the server's address before it if you know it: snap watch [ADDRESS] CODE.")
        }
        if serverGiven { _ = try JoinCommand.webSocketURL(from: words[0]) }
        if words.count == 2, let linked = linkedTable, TableCode.normalized(words[1]) != linked {
            throw ValidationError("The link names table \(linked) but you gave \(words[1]): give one of them.")
        }
        guard TableCode.normalized(code) != nil else {
            throw ValidationError("A table code is four letters (no I or O), such as KXPT; got '\(code)'.")
        }
        try validateName(name)
    }

    /// The table the first word names when it is a table's link (`http://HOST:PORT/?t=CODE`).
    private var linkedTable: String? { words.first.flatMap(JoinCommand.linkedTable(in:)) }

    /// Whether the server was given: an address before the code, or a table's link alone.
    private var serverGiven: Bool { words.count == 2 || linkedTable != nil }

    private var code: String { words.count == 1 ? linkedTable ?? words[0] : words.last ?? "" }

    func run() async throws {
        try NoTerminal.requireTerminal(for: "snap watch")
        let texts = try language.texts()
        let url = try await serverGiven
            ? JoinCommand.webSocketURL(from: words[0]) : JoinCommand.pickServer(command: "snap watch", texts: texts)
        let quiet = Logger(label: "snap", factory: { _ in SwiftLogNoOpLogHandler() })
        let client: SnapClient
        do {
            client = try await SnapClient.connect(to: url, name: try PlayerName.validated(name), configuration: .init(logger: quiet))
        } catch {
            throw ConnectFailure(url: url, error: error)
        }
        let table = TableCode.normalized(code)!
        do {
            try await client.watch(code: table)
        } catch {
            print(texts.text("terminal.watch.couldNotWatch", ["code": table, "reason": "\(error)"]))
            await client.disconnect()
            throw ExitCode.failure
        }
        let status = await NetworkGame(client: client, command: "snap watch", watching: true, texts: texts).run()
        if status != 0 { throw ExitCode(status) }
    }
}
