/// Everything a round starts from, as its record keeps it: who sits where, the table's settings, how it is run,
/// and the random state its deck is shuffled from. With the round's ``RoundLog/steps`` it replays the round
/// exactly (``RoundReplay``).
///
/// Nothing of the cards before the round is needed: starting a round collects and shuffles a fresh deck.
public struct RoundStart: Hashable, Sendable {
    /// A player seated when the round started.
    public struct Seated: Hashable, Sendable {
        /// Who the player is.
        public var info: PlayerInfo
        /// Rounds this player had won at the table before this one.
        public var gamesWon: Int

        /// A seated player and the rounds they had won.
        public init(info: PlayerInfo, gamesWon: Int) {
            self.info = info
            self.gamesWon = gamesWon
        }
    }

    /// The players by seat (index = seat number).
    public var seats: [Seated?]
    /// The host's seat.
    public var host: Seat?
    /// Rounds started at the table before this one.
    public var roundsBefore: Int
    /// The seat that started the previous round (the next one clockwise starts this one); nil before the first.
    public var previousStartingSeat: Seat?
    /// The seats of people whose connection had dropped.
    public var absent: Set<Seat>
    /// The host's choice of round length and turn timer.
    public var settings: TableSettings
    /// How the table is run: computer players' level, game speed and how calls are judged.
    public var difficulty: Difficulty
    /// Every delay of the game is divided by this.
    public var speed: Double
    /// How calls on the same card are ranked.
    public var judging: JudgingRule
    /// The runner's ``TableRunner/falseStartFloor``: zero for rounds recorded before false starts.
    public var falseStartFloor: Duration
    /// The runner's random state: the deck is shuffled from it (SplitMix64).
    public var seed: UInt64
    /// What each seat's network allowed for when the round started.
    public var allowances: [Seat: NetworkAllowance]

    /// A round's start with each of its parts.
    public init(
        seats: [Seated?], host: Seat?, roundsBefore: Int, previousStartingSeat: Seat?, absent: Set<Seat>,
        settings: TableSettings, difficulty: Difficulty, speed: Double, judging: JudgingRule,
        falseStartFloor: Duration = .zero, seed: UInt64, allowances: [Seat: NetworkAllowance]
    ) {
        self.seats = seats
        self.host = host
        self.roundsBefore = roundsBefore
        self.previousStartingSeat = previousStartingSeat
        self.absent = absent
        self.settings = settings
        self.difficulty = difficulty
        self.speed = speed
        self.judging = judging
        self.falseStartFloor = falseStartFloor
        self.seed = seed
        self.allowances = allowances
    }

    /// The start of a round that `runner` is about to begin.
    public init(of runner: TableRunner<SplitMix64>) {
        let table = runner.table
        self.init(
            seats: table.players.map { $0.map { Seated(info: $0.info, gamesWon: $0.gamesWon) } },
            host: table.host, roundsBefore: table.round, previousStartingSeat: table.startingSeat,
            absent: table.absent, settings: table.settings, difficulty: runner.computers.difficulty,
            speed: runner.speed, judging: runner.judging, falseStartFloor: runner.falseStartFloor,
            seed: runner.generator.state, allowances: runner.allowances)
    }

    /// The start of a round, taken just before performing `action` on `runner`; nil unless the action is one that
    /// can begin a round (a start-round action between rounds).
    public init?(before action: TableAction, on runner: TableRunner<SplitMix64>) {
        guard case .startRound = action, !runner.table.phase.isRoundUnderWay else { return nil }
        self.init(of: runner)
    }

    /// A runner in the state this round started from, its timeline at zero.
    public var runner: TableRunner<SplitMix64> {
        var runner = TableRunner(
            table: Table(restoring: self), difficulty: difficulty, speed: speed, judging: judging,
            falseStartFloor: falseStartFloor, generator: SplitMix64(seed: seed))
        runner.allowances = allowances
        return runner
    }

    /// The seated players, by seat.
    public var occupied: [(seat: Seat, player: Seated)] {
        Seat.allCases.compactMap { seat in seats[Int(seat.rawValue)].map { (seat, $0) } }
    }
}

extension Table {
    /// A table between rounds with the seating, settings and history of `start`, and the whole deck in the stock.
    init(restoring start: RoundStart) {
        self.init()
        for (seat, seated) in start.occupied {
            var player = SeatedPlayer(info: seated.info)
            player.gamesWon = seated.gamesWon
            players[Int(seat.rawValue)] = player
        }
        host = start.host
        round = start.roundsBefore
        startingSeat = start.previousStartingSeat
        phase = start.roundsBefore == 0 ? .waiting : .roundOver(winner: nil)
        absent = start.absent
        settings = start.settings
    }
}
