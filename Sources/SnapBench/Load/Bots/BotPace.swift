import SnapCore

/// How quickly a bot acts: a person's pace, drawn from a seeded generator and divided by the run's speed.
struct BotPace: Sendable {
    private var random: SplitMix64
    private let speed: Double

    /// The pace of the bot at `seat` of table `table`: its own generator, drawn from the run's seed.
    init(_ settings: LoadSettings, table: Int, seat: Int) {
        self.init(seed: settings.seed &+ UInt64(table * 4 + seat) &* 0x9E37_79B9, speed: settings.speed)
    }

    /// A pace drawn from `seed`, with every delay divided by `speed`.
    init(seed: UInt64, speed: Double) {
        random = SplitMix64(seed: seed)
        self.speed = speed
    }

    /// How long a bot takes to turn once it is its turn (with Snap!'s half-second next-player delay, a table
    /// turns about once a second).
    mutating func turnDelay() -> Duration { seconds(0.3...0.7) }

    /// How long a bot takes to call once it sees a match.
    mutating func reaction() -> Duration { seconds(0.2...0.5) }

    /// A pause of `range` seconds, divided by the speed.
    mutating func pause(_ range: ClosedRange<Double>) -> Duration { seconds(range) }

    /// Whether something with chance `chance` happens this time.
    mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &random) < chance }

    private mutating func seconds(_ range: ClosedRange<Double>) -> Duration {
        .nanoseconds(Int64(Double.random(in: range, using: &random) / speed * 1e9))
    }
}
