/// How a load run is shaped: how many tables of bots, how fast they play, and for how long.
public struct LoadSettings: Sendable, Equatable {
    /// Tables of bot clients.
    public var tables = 100
    /// Clients at each table (2–4).
    public var players = 4
    /// How long the measured part of the run lasts, after the ramp.
    public var duration: Duration = .seconds(30)
    /// Every delay, the bots' and the server's, is divided by this.
    public var speed = 1.0
    /// How long it takes to open all the tables (connections spread evenly over it).
    public var ramp: Duration = .seconds(10)
    /// The chance that a bot calls Snap! on a turn without a match.
    public var wrongCallChance = 0.01
    /// Seed for the bots' reaction times and wrong calls.
    public var seed: UInt64 = 1
    /// Options added to `snap serve`'s command line: by default it keeps no rounds (`--db none`), so a load run
    /// writes nothing to the user's history.
    public var serverOptions = ["--db", "none"]

    /// One table in this many is played by full clients that mirror the table and check its 52 cards and the
    /// event stream; the others by lean bots. The first table always is one. 1 makes every table a mirror table.
    public var mirrorEvery = 50
    /// How many processes the bots run in (`snap-bench load-worker` children when more than one).
    public var generators = 1

    /// 100 four-player tables at normal speed for 30 seconds after a 10-second ramp.
    public init() {}

    /// Whether table `index` is played by full mirror clients.
    public func isMirror(table index: Int) -> Bool { index % max(1, mirrorEvery) == 0 }

    /// How many client connections the run opens.
    public var clients: Int { tables * players }
}
