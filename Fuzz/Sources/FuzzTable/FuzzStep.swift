import SnapCore

/// One step of a fuzzed game: something asked of the runner (by a player, or by the server on a player's behalf),
/// or time passing.
enum FuzzStep: CustomStringConvertible {
    /// An action, from any seat, allowed or not.
    case perform(TableAction)
    /// The server measured a seat's network (nil: forgot it), which moves a pending verdict.
    case setAllowance(Seat, NetworkAllowance?)
    /// The clock moves to the next timer, which fires alone.
    case fireNextTimer
    /// The clock moves on by this much, firing every timer due.
    case wait(Duration)

    /// Players who may join: some share an id, some a name (in another case), to reach those refusals.
    static let people = ["Ann", "ann", "Bob", "Ray", "Lucy", "Zoë"]

    /// Reads one step, choosing seats with an eye on `table` (see ``FuzzInput/seat(preferring:)``).
    init(from input: inout FuzzInput, table: Table) {
        switch input.byte() % 16 {
        case 0:
            let choice = Int(input.byte())
            let name = Self.people[choice / 8 % Self.people.count]
            self = .perform(.join(PlayerInfo(id: PlayerID("p\(choice % 8)"), name: name)))
        case 1:
            let name = Self.people[Int(input.byte()) % Self.people.count]
            self = .perform(.join(PlayerInfo(id: PlayerID("computer-\(name)"), name: name, isComputer: true)))
        case 2: self = .perform(.leave(input.seat()))
        case 3: self = .perform(.startRound(by: input.seat(preferring: table.host)))
        case 4, 5, 6: self = .perform(.turnCard(input.seat(preferring: table.activeSeat)))
        case 7, 8:
            let seat = input.seat(preferring: table.matchingSeats().first)
            let claim = input.byte()
            self = .perform(.callSnap(seat, reaction: claim == 0 ? nil : .milliseconds(Int(claim) * 4)))
        case 9:
            let seat = input.seat(preferring: table.host)
            self = .perform(.changeSettings(Self.settings(input.byte()), by: seat))
        case 10:
            let value = input.byte()
            self = .perform(.setPresence(Seat(rawValue: value & 0b11)!, present: value & 0b1000 != 0))
        case 11: self = .perform(.timeRanOut)
        case 12:
            let steps: [TimedStep] = [.finishDeal, .activateNext, .moveCards, .resume, .turnForPlayer]
            self = .perform(.advance(steps[Int(input.byte()) % steps.count]))
        case 13:
            let seat = input.seat()
            let typical = Int(input.byte())
            let most = Int(input.byte())
            let allowance = NetworkAllowance(typical: .milliseconds(typical * 2), most: .milliseconds(most * 2))
            self = .setAllowance(seat, typical == 0 ? nil : allowance)
        case 14: self = .fireNextTimer
        default: self = .wait(.milliseconds(Int(input.byte()) * 100))
        }
    }

    /// Settings from one byte: every round length and turn time a host may choose, and some they may not.
    static func settings(_ value: UInt8) -> TableSettings {
        let rounds: [RoundLength] = [
            .classic, .quick(.seconds(180)), .quick(.seconds(300)), .quick(.seconds(600)), .quick(.seconds(1)),
        ]
        let turns: [Duration?] = [nil, .seconds(3), .seconds(8), .seconds(30), .seconds(2), .milliseconds(8_500)]
        return TableSettings(
            roundLength: rounds[Int(value) % rounds.count], turnTime: turns[Int(value) / rounds.count % turns.count])
    }

    var description: String {
        switch self {
        case .perform(let action): "\(action)"
        case .setAllowance(let seat, let allowance): "allowance \(seat) \(allowance.map { "\($0)" } ?? "none")"
        case .fireNextTimer: "fire the next timer"
        case .wait(let duration): "wait \(duration)"
        }
    }
}
