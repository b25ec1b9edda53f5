import ArgumentParser
import Foundation
import Logging
import SnapClient
import SnapCore
import SnapLAN
import SnapProtocol
import SnapTerminal

/// `snap join`: sit down at a table on a Snap! server and play in this terminal.
struct JoinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join a table on a Snap! server and play in this terminal.",
        discussion: """
            Without an address, looks for servers on this network for a moment and lets you pick one with the arrow \
            keys. Without --table, lists the open tables on the server and lets you pick one.
            Keys: Enter turns your card, Space calls Snap!, n starts the next round (host), ? shows help, q leaves the \
            table. A closed terminal or Ctrl-C keeps your seat for a little while (30 s on a server as it comes): run the \
            same snap join again (same server, table and name) to take your seat and cards back. The seat's key is kept \
            in $XDG_STATE_HOME/snap/seats.json (else ~/.local/state/snap/seats.json).
            """
    )

    @Argument(help: "The server: ws://HOST:PORT (the address `snap` printed), HOST:PORT, or the page's address (http://HOST:PORT/), or a table's link (http://HOST:PORT/?t=CODE, as its QR code says). Without it, the servers on this network are looked for.")
    var server: String?

    @Option(help: "The four-letter code of the table to join (a table's link names it already).")
    var table: String?

    @Option(help: "Your name at the table (1–20 visible characters); needed unless --list.")
    var name: String?

    @Flag(help: "List the servers on this network and exit, as `snap servers` does.")
    var list = false

    @OptionGroup var language: LanguageOption

    func validate() throws {
        if list { return }
        if server != nil { _ = try webSocketURL() }
        guard let name else { throw ValidationError("Missing expected argument '--name <name>'") }
        try validateName(name)
        if let table, TableCode.normalized(table) == nil {
            throw ValidationError("--table: a table code is four letters (no I or O), such as KXPT; got '\(table)'.")
        }
        if let linked = linkedTable, let asked = table.flatMap(TableCode.normalized), asked != linked {
            throw ValidationError("The link names table \(linked) but --table says \(asked): give one of them.")
        }
    }

    /// The table a link typed as the server names (`http://HOST:PORT/?t=CODE`), if any.
    private var linkedTable: String? {
        server.flatMap(Self.linkedTable(in:))
    }

    /// The table a server's address names, when it is a table's link (`http://HOST:PORT/?t=CODE`).
    static func linkedTable(in address: String) -> String? {
        (try? SnapAddress(address))?.tableCode
    }

    /// The server's WebSocket address, from what was typed.
    func webSocketURL() throws -> String {
        try Self.webSocketURL(from: server ?? "")
    }

    /// A server's WebSocket address, from what was typed: ws://HOST:PORT, HOST:PORT (port 8080 by default), or the
    /// link the server printed (``SnapAddress``).
    static func webSocketURL(from server: String) throws -> String {
        do {
            return try SnapAddress(server).webSocketURL
        } catch {
            throw ValidationError("'\(server)' is not a server address: use ws://HOST:PORT, e.g. ws://192.168.1.20:8080.")
        }
    }

    func run() async throws {
        if list { return try await ServersCommand.list(json: false) }
        try NoTerminal.requireTerminal(for: "snap join")
        let texts = try language.texts()
        let url = try await server == nil ? Self.pickServer(texts: texts) : webSocketURL()
        let quiet = Logger(label: "snap", factory: { _ in SwiftLogNoOpLogHandler() })
        let name = try PlayerName.validated(name ?? "")
        let kept = KeptSeats.standard()
        let asked = table.flatMap(TableCode.normalized) ?? linkedTable
        let client: SnapClient
        if let resumed = await takeSeatBack(url: url, table: asked, name: name, kept: kept, logger: quiet, texts: texts) {
            client = resumed
        } else {
            client = try await sitDown(url: url, table: asked, name: name, kept: kept, logger: quiet, texts: texts)
        }
        let seatedAt = await client.tableCode
        let status = await NetworkGame(client: client, texts: texts).run()
        if let seatedAt { await remember(client, at: seatedAt, url: url, name: name, kept: kept, status: status, texts: texts) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Takes back the seat a `snap join` before this one kept on this server under this name (at the table asked
    /// for, if any), while the server still keeps it; nil when there is none or it is gone.
    private func takeSeatBack(
        url: String, table: String?, name: String, kept: KeptSeats?, logger: Logger, texts: TerminalTexts
    ) async -> SnapClient? {
        guard let kept else { return nil }
        let (entry, problem) = kept.entry(server: url, table: table, name: name)
        if let problem { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
        guard let entry else { return nil }
        print(texts.text("seat.resuming", ["code": entry.table]))
        do {
            let client = try await SnapClient.resume(to: url, name: name, token: entry.token, table: entry.table, configuration: .init(logger: logger))
            try? kept.keep(KeptSeats.Entry(server: url, table: entry.table, name: name, token: entry.token))
            return client
        } catch {
            print(texts.text("terminal.join.seatNoLongerKept", ["code": entry.table, "reason": "\(error)"]))
            try? kept.forget(server: url, table: entry.table, name: name)
            return nil
        }
    }

    /// Signs in and sits down at `table`, or at one picked from the list; keeps the seat's token for a later
    /// `snap join`.
    private func sitDown(
        url: String, table asked: String?, name: String, kept: KeptSeats?, logger: Logger, texts: TerminalTexts
    ) async throws -> SnapClient {
        let client: SnapClient
        do {
            client = try await SnapClient.connect(to: url, name: name, configuration: .init(logger: logger))
        } catch {
            throw ConnectFailure(url: url, error: error)
        }
        var code = asked
        while true {
            if code == nil { code = await pickTable(client, texts: texts) }
            guard let chosen = code else {
                await client.disconnect()
                throw ExitCode.success
            }
            do {
                _ = try await client.sitDown(at: chosen)
                if let kept, let token = await client.reconnectToken, let seated = await client.tableCode {
                    do {
                        try kept.keep(KeptSeats.Entry(server: url, table: seated, name: name, token: token))
                    } catch {
                        FileHandle.standardError.write(Data("Your seat could not be kept in \(kept.file.path) (\(error)); a restarted snap join joins afresh.\n".utf8))
                    }
                }
                return client
            } catch {
                print(texts.text("terminal.join.couldNotJoin", ["code": chosen, "reason": "\(error)"]))
                code = nil
                if asked != nil { throw ExitCode.failure }
            }
        }
    }

    /// After the game: a seat left on purpose (q), closed or lost is forgotten; one the server still keeps (Ctrl-C,
    /// a lost connection) stays kept, and the player is told how to take it back.
    private func remember(
        _ client: SnapClient, at table: String, url: String, name: String, kept: KeptSeats?, status: Int32,
        texts: TerminalTexts
    ) async {
        guard let kept else { return }
        if await client.tableCode == nil {
            try? kept.forget(server: url, table: table, name: name)
        } else if status == 130 {
            print(texts.text("terminal.join.seatKept", ["code": table]))
        }
    }

    /// Looks for servers on the network, with a spinner, and lets the player choose one; its WebSocket address.
    static func pickServer(command: String = "snap join", texts: TerminalTexts) async throws -> String {
        let spinner = Task {
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var frame = 0
            while !Task.isCancelled {
                FileHandle.standardOutput.write(Data("\r\(frames[frame % frames.count]) \(texts.text("terminal.picker.looking"))".utf8))
                frame += 1
                try? await Task.sleep(for: .milliseconds(80))
            }
        }
        let found: Result<[FoundServer], LANDiscovery.Failure>
        do { found = .success(try await LANDiscovery.found()) } catch { found = .failure(error) }
        spinner.cancel()
        _ = await spinner.value
        // Back to the start of the line, cleared.
        FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
        let servers: [FoundServer]
        switch found {
        case .failure(let failure):
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            throw ExitCode(2)
        case .success(let list) where list.isEmpty:
            FileHandle.standardError.write(Data("Error: \(LANDiscovery.nothingFound)\n".utf8))
            throw ExitCode.failure
        case .success(let list):
            servers = list
        }
        let picker = ListPicker(
            title: texts.text("terminal.picker.servers"), entries: LANDiscovery.lines(servers, texts: texts), texts: texts)
        switch await picker.run() {
        case .chosen(let index):
            let address = servers[index].address
            let chosen = ["name": servers[index].name, "address": "\(address.host):\(address.port)"]
            print(texts.text(command == "snap join" ? "terminal.picker.joining" : "terminal.picker.watching", chosen))
            return address.webSocketURL
        case .gaveUp(let status):
            throw ExitCode(status == 1 ? 0 : status)
        case .noTerminal:
            try NoTerminal.requireTerminal(for: command)
            throw ExitCode(NoTerminal.exitStatus)
        }
    }

    /// Reads a line on a thread of its own: waiting for a person must not hold one of the few threads the
    /// client's tasks run on.
    private static func readLineOffThePool() async -> String? {
        await withCheckedContinuation { done in
            Thread { done.resume(returning: readLine()) }.start()
        }
    }

    /// Lists the open tables and asks which one; nil to give up.
    private func pickTable(_ client: SnapClient, texts: TerminalTexts) async -> String? {
        while true {
            let tables = (try? await client.openTables()) ?? []
            if tables.isEmpty {
                print(texts.text("terminal.join.noTables"))
            } else {
                print(texts.text("terminal.join.openTables"))
                for (index, table) in tables.enumerated() {
                    let state = table.roundUnderWay
                        ? texts.text("join.roundUnderWay") : texts.text("terminal.servers.freeSeats", count: Int(table.seatsFree))
                    let line = texts.text("terminal.join.table", [
                        "code": table.code, "host": table.hostName, "state": state,
                        "players": texts.text("terminal.join.playing", count: Int(table.players)),
                    ])
                    print("  \(index + 1). " + line)
                }
            }
            print(texts.text(tables.isEmpty ? "terminal.join.askNoTables" : "terminal.join.ask"), terminator: "")
            fflush(nil)
            guard let line = await Self.readLineOffThePool()?.trimmingCharacters(in: .whitespaces) else { return nil }
            if line.lowercased() == "q" { return nil }
            if line.isEmpty { continue }
            if let number = Int(line), (1...tables.count).contains(number) { return tables[number - 1].code }
            if let code = TableCode.normalized(line) { return code }
            print(texts.text("terminal.join.notACode", ["line": line]))
        }
    }
}
