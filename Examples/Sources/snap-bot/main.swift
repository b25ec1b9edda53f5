// A bot that plays Snap! against a real server:
//
//     swift run snap-bot [ADDRESS] [--name NAME] [--computers K] [--players N]
//
// ADDRESS is a server (ws://HOST:PORT, HOST:PORT) or a table's link (http://HOST:PORT/?t=KXPT); without it the bot
// looks for a server on the local network. Given a table, it joins it; else it hosts one, adds K computer players
// (default 1), and starts the round once N players sit there (default 2). Then it plays until the round ends.
import Foundation
import SnapClient
import SnapCore

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, default value: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let name = option("--name", default: "Robo")
let computers = Int(option("--computers", default: "1")) ?? 1
let players = Int(option("--players", default: "2")) ?? 2

do {
    // 1. Find the server: the address given, or the first that answers on this network.
    let address: SnapAddress
    if let typed = arguments.first {
        address = try SnapAddress(typed)
    } else {
        say("Looking for a Snap! server on this network…")
        let server = try await SnapClient.findServers()[0]
        say("Found \(server.name) at \(server.address.webSocketURL)")
        address = server.address
    }

    // 2. Join the table it names, or host one.
    let client: SnapClient
    if let code = address.tableCode {
        client = try await SnapClient.join(table: code, at: address, name: name)
        say("\(name) joined table \(code).")
    } else {
        client = try await SnapClient.connect(to: address, name: name)
        _ = try await client.sitDown(at: nil)
        for _ in 0..<computers { await client.addComputer() }
        let code = await client.tableCode ?? "?"
        say("\(name) hosts table \(code): join it with http://\(address.host):\(address.port)/?t=\(code)")
    }

    // 3. Play: start the round when enough players sit there (as host), turn on our turn, call on a match.
    var started = false
    var calledOn: Card?
    var (cardsSeen, turnAskedAt) = (0, -1)
    updates: for await update in client.updates {
        switch update {
        case .table(let view, let events):
            for event in events {
                report(event, in: view)
                if case .cardTurned = event { cardsSeen += 1 }
            }
            if case .roundOver = view.phase { break updates }
            if view.phase == .playing, view.viewerCanCall, view.matchingSeats.count > 1,
                let top = view.matchingSeats.compactMap({ view[$0]?.topOpen }).first, top != calledOn
            {
                // A person's reaction, not a machine's: the server judges by reaction time.
                calledOn = top
                Task {
                    try await Task.sleep(for: .milliseconds(250))
                    await client.callSnap()
                }
            } else if view.viewerCanTurn, turnAskedAt != cardsSeen {
                turnAskedAt = cardsSeen
                await client.turnCard()
            }
            if !started, view.phase == .waiting, view.host == view.viewer, view.occupiedSeats.count >= players {
                started = true
                await client.startRound()
            }
        case .refused(_, let message):
            say("The server said: \(message)")
            turnAskedAt = -1
        case .closed:
            break updates
        default:
            break
        }
    }
    await client.disconnect()
} catch {
    say("snap-bot: \(error)")
    exit(1)
}

/// Prints what happened at the table, in a line, for the events a person would notice.
func report(_ event: TableEvent, in view: PlayerView) {
    switch event {
    case .playerJoined(_, let info): say("\(info.name) sat down.")
    case .roundStarted(let round, _): say("Round \(round) begins.")
    case .cardTurned(let seat, let card): say("\(view.displayName(seat)) turned \(card).")
    case .snapCalled(let seat, .correct): say("\(view.displayName(seat)) called Snap! and takes the piles.")
    case .snapCalled(let seat, .wrong): say("\(view.displayName(seat)) called Snap! on no match, and pays a card.")
    case .snapCalled(let seat, .tooLate): say("\(view.displayName(seat)) called Snap!, too late.")
    case .snapCalled(let seat, .falseStart): say("\(view.displayName(seat)) called Snap! too soon: a false start, and pays.")
    case .playerOut(let seat): say("\(view.displayName(seat)) is out of cards.")
    case .roundWon(let seat, _): say("\(view.displayName(seat)) won the round!")
    case .timeUp: say("Time is up: the most cards wins.")
    case .roundAbandoned: say("The round ended without a winner.")
    default: break
    }
}

/// Prints a line at once, into a file or a pipe too (where print would wait for its buffer to fill).
func say(_ line: String) {
    print(line)
    fflush(nil)
}
