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
            Keys: Enter turns your card, Space calls Snap!, ? shows help, q leaves the table.
            """
    )

    @Argument(help: "The server: ws://HOST:PORT (the address `snap` printed), or HOST:PORT. Without it, the servers on this network are looked for.")
    var server: String?

    @Option(help: "The four-letter code of the table to join.")
    var table: String?

    @Option(help: "Your name at the table (1–20 visible characters); needed unless --list.")
    var name: String?

    @Flag(help: "List the servers on this network and exit, as `snap servers` does.")
    var list = false

    func validate() throws {
        if list { return }
        if server != nil { _ = try webSocketURL() }
        guard let name else { throw ValidationError("Missing expected argument '--name <name>'") }
        try validateName(name)
        if let table, TableCode.normalized(table) == nil {
            throw ValidationError("--table: a table code is four letters (no I or O), such as KXPT; got '\(table)'.")
        }
    }

    /// The server's WebSocket address, from what was typed.
    func webSocketURL() throws -> String {
        try Self.webSocketURL(from: server ?? "")
    }

    /// A server's WebSocket address, from what was typed: ws://HOST:PORT or HOST:PORT (port 8080 by default).
    static func webSocketURL(from server: String) throws -> String {
        var text = server.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "ws://" + text }
        guard let url = URLComponents(string: text), url.scheme == "ws", let host = url.host, !host.isEmpty else {
            throw ValidationError("'\(server)' is not a server address: use ws://HOST:PORT, e.g. ws://192.168.1.20:8080.")
        }
        let port = url.port ?? 8080
        let path = url.path.isEmpty || url.path == "/" ? "/ws" : url.path
        return "ws://\(host):\(port)\(path)"
    }

    func run() async throws {
        if list { return try await ServersCommand.list(json: false) }
        try NoTerminal.requireTerminal(for: "snap join")
        let url = try await server == nil ? Self.pickServer() : webSocketURL()
        let quiet = Logger(label: "snap", factory: { _ in SwiftLogNoOpLogHandler() })
        let client: SnapClient
        do {
            client = try await SnapClient.connect(to: url, name: try PlayerName.validated(name ?? ""), logger: quiet)
        } catch {
            throw ConnectFailure(url: url, error: error)
        }
        var code = table.flatMap(TableCode.normalized)
        while true {
            if code == nil { code = await pickTable(client) }
            guard let chosen = code else {
                await client.disconnect()
                return
            }
            do {
                _ = try await client.sitDown(at: chosen)
                break
            } catch {
                print("Could not join table \(chosen): \(error)")
                code = nil
                if table != nil { throw ExitCode.failure }
            }
        }
        let status = await NetworkGame(client: client).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// Looks for servers on the network, with a spinner, and lets the player choose one; its WebSocket address.
    static func pickServer(command: String = "snap join") async throws -> String {
        let spinner = Task {
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var frame = 0
            while !Task.isCancelled {
                FileHandle.standardOutput.write(Data("\r\(frames[frame % frames.count]) Looking for Snap! servers on this network…".utf8))
                frame += 1
                try? await Task.sleep(for: .milliseconds(80))
            }
        }
        let found: Result<[DiscoveredServer], LANDiscovery.Failure>
        do { found = .success(try await LANDiscovery.servers()) } catch { found = .failure(error) }
        spinner.cancel()
        _ = await spinner.value
        // Back to the start of the line, cleared.
        FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
        let servers: [DiscoveredServer]
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
        let picker = ListPicker(title: "Snap! servers on this network: which one?", entries: LANDiscovery.lines(servers))
        switch await picker.run() {
        case .chosen(let index):
            print("\(command == "snap join" ? "Joining" : "Watching on") \(servers[index].name) at \(servers[index].address)…")
            return servers[index].webSocketURL
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
    private func pickTable(_ client: SnapClient) async -> String? {
        while true {
            let tables = await client.openTables()
            if tables.isEmpty {
                print("No open tables on this server yet. Ask someone to host one with snap host.")
            } else {
                print("Open tables:")
                for (index, table) in tables.enumerated() {
                    let state = table.roundUnderWay ? "round under way" : "\(table.seatsFree) seat\(table.seatsFree == 1 ? "" : "s") free"
                    print("  \(index + 1). \(table.code)  hosted by \(table.hostName)  ·  \(table.players) playing  ·  \(state)")
                }
            }
            print(tables.isEmpty ? "Type a table code, Enter to look again, or q to quit: " : "Pick a number or type a code (Enter looks again, q quits): ", terminator: "")
            fflush(nil)
            guard let line = await Self.readLineOffThePool()?.trimmingCharacters(in: .whitespaces) else { return nil }
            if line.lowercased() == "q" { return nil }
            if line.isEmpty { continue }
            if let number = Int(line), (1...tables.count).contains(number) { return tables[number - 1].code }
            if let code = TableCode.normalized(line) { return code }
            print("'\(line)' is neither a number from the list nor a table code (four letters, such as KXPT).")
        }
    }
}
