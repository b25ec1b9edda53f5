import ArgumentParser
import Foundation
import SnapClient
import SnapCore

/// `snap history`: the rounds a server has kept, newest first, as a table (or the server's JSON).
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the rounds a Snap! server has kept, newest first.",
        discussion: """
            Prints id, when, table, players, winner and length of each round; `snap replay ID` plays one. \
            --json prints the server's own answer (GET /api/rounds, documented in docs/SERVER.md).
            """
    )

    @Argument(help: "The server: HOST:PORT, http://HOST:PORT or ws://HOST:PORT (as `snap join` takes it). Default: 127.0.0.1:8080.")
    var server: String?

    @Option(help: "Only the rounds this player played.")
    var player: String?

    @Option(help: "Only the rounds dealt from this deal code (like K7M3-Q2PX), side by side.")
    var deal: String?

    @Option(help: "Only rounds older than this round id (the next page).")
    var before: Int64?

    @Option(help: "How many rounds (1–100).")
    var limit: Int = 20

    @Flag(help: "Print the server's JSON instead of a table.")
    var json = false

    func validate() throws {
        _ = try client()
        if let player { try validateName(player) }
        _ = try dealCode()
        guard (1...100).contains(limit) else { throw ValidationError("--limit: a whole number from 1 to 100; got \(limit).") }
        if let before, before < 1 { throw ValidationError("--before: a round id, a whole number from 1; got \(before).") }
    }

    /// The deal asked for, read as typed; nil when none was.
    private func dealCode() throws -> DealCode? {
        guard let deal else { return nil }
        do { return try DealCode(parsing: deal) } catch { throw ValidationError("--deal: \(error).") }
    }

    private func client() throws -> HistoryClient {
        do { return try HistoryClient(address: server) } catch { throw ValidationError(error.description) }
    }

    func run() async throws {
        let history = try client()
        do {
            if json {
                let data = try await history.roundsJSON(player: player, deal: try dealCode(), before: before, limit: limit)
                FileHandle.standardOutput.write(data + Data("\n".utf8))
                return
            }
            let code = try dealCode()
            let page = try await history.rounds(player: player, deal: code, before: before, limit: limit)
            for line in Self.lines(page.rounds) { print(line) }
            if page.rounds.isEmpty {
                if let code {
                    print("No rounds of deal \(code) on this server yet.")
                } else {
                    print(player.map { "No rounds with \($0) on this server yet." } ?? "No rounds have been kept on this server yet.")
                }
            }
            if let next = page.nextBefore {
                let address = server.map { " \($0)" } ?? ""
                print("Older: \(Invocation.current.command) history\(address) --before \(next)")
            }
            if let first = page.rounds.first {
                print("Replay one: \(Invocation.current.command) replay \(first.id)\(server.map { " \($0)" } ?? "")")
            }
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The rounds as a table with a header: id, when (local time), table, players (the winner first), winner, length.
    static func lines(_ rounds: [HistoryRound]) -> [String] {
        guard !rounds.isEmpty else { return [] }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let rows = rounds.map { round -> [String] in
            let names = round.players.sorted { ($0.name == round.winner ? 0 : 1, $0.seat) < ($1.name == round.winner ? 0 : 1, $1.seat) }
                .map(\.name)
            return [
                String(round.id), formatter.string(from: round.startedAt), round.table, names.joined(separator: ", "),
                round.winner ?? "(nobody)", length(round.lengthSeconds),
            ]
        }
        let header = ["ID", "WHEN", "TABLE", "PLAYERS", "WINNER", "LENGTH"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].terminalWidthForTable }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.terminalWidthForTable)
                // Numbers line up on the right.
                return column == 0 || column == 5 ? pad + cell : cell + pad
            }.joined(separator: "  ").replacing(/\ +$/, with: "")
        }
    }

    /// A round's length as m:ss.
    static func length(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded()))
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
}

extension String {
    /// Columns in a terminal: one per character (names are checked printable; wide characters are rare enough).
    fileprivate var terminalWidthForTable: Int { count }
}
