import Foundation
import SnapTestSupport
import Testing

/// The mistakes a newcomer makes first, each answered in one plain line with a consistent exit status (an
/// unreachable server, which needs a terminal to get that far, is in ``TmuxNetworkTests``).
@Suite struct CommandErrorTests {
    static let noTerminalAdvice = "needs an interactive terminal: run it in a terminal window, with neither input nor output redirected."

    @Test(arguments: [
        ["solo", "--name", "Ann"],
        ["host", "--name", "Ann", "--port", "1"],
        ["join", "ws://127.0.0.1:1", "--name", "Ann"],
        ["watch", "ws://127.0.0.1:1", "KXPT"],
        // A table's link alone is the server and the table.
        ["join", "http://127.0.0.1:1/?t=KXPT", "--name", "Ann"],
        ["watch", "http://127.0.0.1:1/?t=KXPT"],
    ])
    func everyFullScreenCommandSaysNoTerminalTheSameWay(arguments: [String]) async throws {
        let result = try await SnapBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "Error: snap \(arguments[0]) \(Self.noTerminalAdvice)\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ([String](), "Give the table's code, and the server's address before it if you know it: snap watch [ADDRESS] CODE."),
        (["a", "b", "c"], "Give the table's code, and the server's address before it if you know it: snap watch [ADDRESS] CODE."),
        (["ws://127.0.0.1:1", "KXPO"], "A table code is four letters (no I or O), such as KXPT; got 'KXPO'."),
        // The page's link (http://HOST:PORT/) is an address too; another scheme is not.
        (["ftp://127.0.0.1:1", "KXPT"], "'ftp://127.0.0.1:1' is not a server address: use ws://HOST:PORT, e.g. ws://192.168.1.20:8080."),
        (["http://127.0.0.1:1/?t=KXPT", "ABCD"], "The link names table KXPT but you gave ABCD: give one of them."),
    ])
    func watchSaysWhatItNeeds(arguments: [String], message: String) async throws {
        let result = try await SnapBinary.run(["watch"] + arguments)
        #expect(result.status == 64)
        #expect(result.firstErrorLine == "Error: \(message)", "\(result.stderr)")
    }

    @Test func joinSaysWhenTheLinkAndTheTableDisagree() async throws {
        let result = try await SnapBinary.run(["join", "http://127.0.0.1:1/?t=KXPT", "--table", "ABCD", "--name", "Ann"])
        #expect(result.status == 64)
        #expect(result.firstErrorLine == "Error: The link names table KXPT but --table says ABCD: give one of them.", "\(result.stderr)")
    }

    @Test(arguments: [["solo"], ["host", "--name", "Ann"], ["join", "--name", "Ann"], ["watch", "KXPT"], ["replay", "1"]])
    func aLanguageWeDoNotSpeakListsTheSeven(arguments: [String]) async throws {
        let result = try await SnapBinary.run(arguments + ["--lang", "klingon"])
        #expect(result.status == 64)
        #expect(result.firstErrorLine == "Error: --lang: Snap! speaks en, nl, de, fr, es, pt-BR, ja; got 'klingon'.", "\(result.stderr)")
    }

    @Test(arguments: ["solo", "host", "join"])
    func anEmptyNameStatesTheRule(command: String) async throws {
        let result = try await SnapBinary.run([command, "--name", ""])
        #expect(result.status == 64)
        let firstLine = result.stderr.split(separator: "\n").first ?? ""
        #expect(firstLine == "Error: --name must be 1–20 visible characters; '' has none.", "\(result.stderr)")
        #expect(result.stderr.contains("Usage: snap \(command)"), "\(result.stderr)")
    }

    @Test(arguments: [
        ("   ", "Error: --name must be 1–20 visible characters; '   ' has none."),
        ("ABCDEFGHIJKLMNOPQRSTUVWXY", "Error: --name must be 1–20 visible characters; this one has 25."),
        ("you", "Error: --name cannot be \"You\": that is how everyone sees themselves at the table."),
    ])
    func otherBadNamesStateTheRule(name: String, message: String) async throws {
        let result = try await SnapBinary.run(["solo", "--name", name])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    @Test(arguments: ["serve", "solo", "host"])
    func aBadRoundOrTurnTimeSaysWhatIsAllowed(command: String) async throws {
        let name = command == "serve" ? [] : ["--name", "Ann"]
        let turn = try await SnapBinary.run([command] + name + ["--turn-time", "2"])
        #expect(turn.status == 64)
        #expect(
            turn.stderr.hasPrefix("Error: --turn-time must be a whole number of seconds from 3 to 30, or off; got '2'.\n"),
            "\(turn.stderr)")
        let round = try await SnapBinary.run([command] + name + ["--round", "7"])
        #expect(round.status == 64)
        #expect(round.stderr.contains("The value '7' is invalid for '--round <round>'. Please provide one of '3', '5', '10' or 'classic'."), "\(round.stderr)")
    }
}
