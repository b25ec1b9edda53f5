/// Plays rounds with computer players only, on virtual time, and counts what happened.
public struct Simulation: Sendable {
    /// What to simulate.
    public struct Options: Hashable, Sendable {
        /// How many rounds to play.
        public var games: Int
        /// Players at the table, 2 to 4.
        public var players: Int
        /// The seed that fixes every shuffle and every computer decision.
        public var seed: UInt64
        /// How the computer players play.
        public var difficulty: Difficulty
        /// A round that reaches this many turned cards is stopped and reported as capped.
        public var turnCap: Int
        /// How rounds end: classic, or quick with a time limit.
        public var roundLength: RoundLength

        /// Describes a simulation.
        public init(
            games: Int, players: Int = 4, seed: UInt64 = 1, difficulty: Difficulty = .normal, turnCap: Int = 20_000,
            roundLength: RoundLength = .classic
        ) {
            self.games = games
            self.players = players
            self.seed = seed
            self.difficulty = difficulty
            self.turnCap = turnCap
            self.roundLength = roundLength
        }
    }

    /// What happened over all the rounds. The same options always give the same report.
    public struct Report: Hashable, Sendable {
        /// Rounds that ended with a winner.
        public var roundsFinished = 0
        /// Rounds stopped at the turn cap.
        public var roundsCapped = 0
        /// Rounds in which nothing was left to happen before someone won (must be 0).
        public var roundsStuck = 0
        /// Cards turned.
        public var turns = 0
        /// Correct calls.
        public var callsCorrect = 0
        /// Wrong calls.
        public var callsWrong = 0
        /// Calls that came too late.
        public var callsTooLate = 0
        /// Open piles recycled into closed piles.
        public var recycles = 0
        /// Cards paid for wrong calls.
        public var payments = 0
        /// Times a player ran out of cards.
        public var playersOut = 0
        /// The most cards turned in one round.
        public var longestRoundTurns = 0
        /// Virtual seconds played.
        public var virtualSeconds = 0.0
        /// Whether all 52 cards were accounted for after every action.
        public var cardsConserved = true
        /// Rounds won, by seat.
        public var wins: [Seat: Int] = [:]
        /// The game time each round lasted, from the start of the deal to its end (capped rounds included).
        public var roundGameSeconds: [Double] = []
    }

    /// The options this simulation runs with.
    public let options: Options

    /// A simulation with these options.
    public init(_ options: Options) {
        self.options = options
    }

    static let names = ["Ann", "Lucy", "Ray", "Steve"]

    /// A moment of a round that ``run(progress:observing:)`` tells as it plays.
    public enum Moment: Sendable, Hashable {
        /// The round's deal has finished: play begins.
        case dealt
        /// The round has ended (won, capped or stuck).
        case ended
    }

    /// Plays every round and returns the counts. `progress` is told after each round how many are done, and
    /// `observe` when each round's deal finishes and when it ends.
    public func run(progress: (Int) -> Void = { _ in }, observing observe: (Moment) -> Void = { _ in }) -> Report {
        var report = Report()
        var generator = SplitMix64(seed: options.seed)
        var runner = makeRunner(generator: generator)
        for game in 0..<options.games {
            if game > 0, runner.table.phase.isRoundUnderWay {
                // The last round was capped: carry on at a fresh table with the same random stream.
                generator = runner.generator
                runner = makeRunner(generator: generator)
            }
            play(round: &runner, into: &report, observing: observe)
            progress(game + 1)
        }
        return report
    }

    private func makeRunner(generator: SplitMix64) -> TableRunner<SplitMix64> {
        var table = Table()
        table.settings.roundLength = options.roundLength
        for index in 0..<options.players {
            let name = Simulation.names[index]
            _ = try! table.join(PlayerInfo(id: PlayerID(name.lowercased()), name: name, isComputer: true))
        }
        return TableRunner(table: table, difficulty: options.difficulty, generator: generator)
    }

    private func play(
        round runner: inout TableRunner<SplitMix64>, into report: inout Report, observing observe: (Moment) -> Void
    ) {
        let start = runner.now
        var turns = 0
        defer {
            observe(.ended)
            report.longestRoundTurns = max(report.longestRoundTurns, turns)
            report.virtualSeconds += (runner.now - start).inSeconds
            report.roundGameSeconds.append((runner.now - start).inSeconds)
        }
        // One buffer for the whole round: a step of steady play allocates nothing.
        var events = [TableEvent]()
        events.reserveCapacity(16)
        guard let host = runner.table.host, (try? runner.perform(.startRound(by: host), into: &events)) != nil else {
            report.roundsStuck += 1
            return
        }
        count(events, turns: &turns, into: &report, observing: observe)
        while runner.table.phase.isRoundUnderWay {
            guard turns < options.turnCap else {
                report.roundsCapped += 1
                return
            }
            if !events.isEmpty { events.removeAll(keepingCapacity: true) }
            guard runner.fireNextTimer(into: &events) else {
                report.roundsStuck += 1
                return
            }
            count(events, turns: &turns, into: &report, observing: observe)
            if !runner.table.cardsAccountedFor { report.cardsConserved = false }
        }
        if case .roundOver(let winner?) = runner.table.phase {
            report.roundsFinished += 1
            report.wins[winner, default: 0] += 1
        }
    }

    private func count(
        _ events: [TableEvent], turns: inout Int, into report: inout Report, observing observe: (Moment) -> Void
    ) {
        for event in events {
            switch event {
            case .dealFinished: observe(.dealt)
            case .cardTurned: turns += 1; report.turns += 1
            case .snapCalled(_, .correct): report.callsCorrect += 1
            case .snapCalled(_, .wrong): report.callsWrong += 1
            case .snapCalled(_, .tooLate): report.callsTooLate += 1
            case .recycled: report.recycles += 1
            case .cardPaid: report.payments += 1
            case .playerOut: report.playersOut += 1
            default: break
            }
        }
    }
}
