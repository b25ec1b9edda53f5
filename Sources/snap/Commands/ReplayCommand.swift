import ArgumentParser
import Foundation
import SnapClient
import SnapTerminal

/// `snap replay`: a round the server kept, played back in this terminal as it was drawn for the players.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play back a round a Snap! server has kept, in this terminal.",
        discussion: """
            The round is drawn as the game drew it, from no seat: face-down cards stay face down. \
            Keys: Space pauses and plays, ←/→ step one moment back or forward, +/- change the speed (½× to 8×), q quits. \
            `snap history` lists the rounds and their ids.
            """
    )

    @Argument(help: "The round's id, as `snap history` lists it.")
    var id: Int64

    @Argument(help: "The server: HOST:PORT, http://HOST:PORT or ws://HOST:PORT (as `snap join` takes it). Default: 127.0.0.1:8080.")
    var server: String?

    @Option(help: "The speed to start at: 0.5, 1, 2, 4 or 8.")
    var speed: Double = 1

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard id >= 1 else { throw ValidationError("A round id is a whole number from 1; got \(id).") }
        do { _ = try HistoryClient(address: server) } catch { throw ValidationError(error.description) }
        guard [0.5, 1, 2, 4, 8].contains(speed) else { throw ValidationError("--speed: 0.5, 1, 2, 4 or 8; got \(speed).") }
    }

    func run() async throws {
        let record: RoundReplayRecord
        do {
            record = try await HistoryClient(address: server).replay(id: id)
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        try NoTerminal.requireTerminal(for: "snap replay")
        let texts = try language.texts()
        let status = ReplayGame(record: record, speed: speed, texts: texts).run()
        if status != 0 { throw ExitCode(status) }
        let result = record.round.winner.map { texts.text("rounds.won", ["name": $0]) } ?? texts.text("rounds.noWinner")
        print(texts.text("terminal.exit.replay", ["round": String(record.round.round), "table": record.round.table, "result": result]))
    }
}
