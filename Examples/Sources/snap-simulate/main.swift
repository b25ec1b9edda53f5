// Rounds of Snap! between computer players, on virtual time, with the rules engine alone (no server, no clock):
//
//     swift run snap-simulate [SEED]
//
// The same seed plays the same round, card for card, on any machine.
import SnapCore

let seed = CommandLine.arguments.dropFirst().first.flatMap(UInt64.init) ?? 42

// Four computer players at a table; the runner holds the rules, the players' decisions and the timeline.
var table = Table()
for name in ["Ann", "Bob", "Cy", "Dee"] {
    _ = try table.join(PlayerInfo(id: PlayerID(name), name: name, isComputer: true))
}
var runner = TableRunner(table: table, difficulty: .normal, generator: SplitMix64(seed: seed))

// The host starts the round; from then on every step is a timer: the deal, each player's turn, each call.
var events = try runner.perform(.startRound(by: runner.table.host!))
var turns = 0
var calls: [String: Int] = [:]
while runner.table.phase.isRoundUnderWay, turns < 20_000 {
    // Jump straight to the next deadline: a round of many minutes takes a few milliseconds.
    guard let next = runner.fireNextTimer() else { break }
    events = next
    for event in events {
        switch event {
        case .cardTurned: turns += 1
        case .snapCalled(let seat, let verdict):
            let name = runner.table[seat]?.info.name ?? "?"
            let kind = switch verdict {
            case .correct: "correct"
            case .wrong: "wrong"
            case .tooLate: "too late"
            case .falseStart: "false start"
            }
            calls["\(name) \(kind)", default: 0] += 1
        default: break
        }
    }
    // The rules never lose a card: all 52 are somewhere after every step.
    precondition(runner.table.cardsAccountedFor, "a card went missing")
}

let seconds = runner.now.components.seconds
print("Seed \(seed): \(turns) cards turned in \(seconds / 60) min \(seconds % 60) s of play.")
for (call, count) in calls.sorted(by: { $0.key < $1.key }) {
    print("  \(call): \(count)")
}
if case .roundOver(let winner?) = runner.table.phase {
    print("\(runner.table[winner]!.info.name) won with all 52 cards (deal \(runner.table.deal!)).")
} else {
    print("The round ended without a winner.")
}
