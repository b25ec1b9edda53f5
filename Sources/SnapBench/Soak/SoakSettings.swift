/// How a chaos soak is shaped: how long, how many honest tables, and how its server is set up.
public struct SoakSettings: Sendable, Equatable {
    /// How long the soak runs, warm-up included.
    public var duration: Duration = .seconds(60)
    /// Tables of honest bots playing at once.
    public var tables = 10
    /// Bots at each honest table when it opens (2–4).
    public var players = 4
    /// Every game delay, the bots' and the server's, is divided by this; quick rounds of 3 minutes then last
    /// 30 seconds at the default 6, so rounds end and players waiting for a seat get one between them.
    public var speed = 6.0
    /// How long the server keeps a dropped player's seat (`snap serve --grace`), in seconds.
    public var graceSeconds = 5.0
    /// How long a table of honest bots lives before they all leave and a new one opens, in seconds (drawn from
    /// this range per table).
    public var tableLifeSeconds = 30.0...90.0
    /// How long between two disruptions at a table (a drop, a player vanishing, a leave), in seconds.
    public var disruptionSeconds = 1.0...4.0
    /// Whether the misbehaving clients run too.
    public var hostile = true
    /// Seed for the bots' pace and every random choice of the soak.
    public var seed: UInt64 = 1
    /// The warm-up; nil: a quarter of the duration, at least 2 seconds and at most 5 minutes.
    public var warmUp: Duration?
    /// Time between two samples of the server; nil: a fortieth of the duration, from 1 second to 1 minute.
    public var sampleInterval: Duration?

    /// Ten honest tables for a minute at speed 6, hostile clients and all.
    public init() {}

    /// The warm-up, worked out when not set.
    public var effectiveWarmUp: Duration {
        warmUp ?? min(max(duration / 4, .seconds(2)), .seconds(300))
    }

    /// The time between samples, worked out when not set.
    public var effectiveSampleInterval: Duration {
        sampleInterval ?? min(max(duration / 40, .seconds(1)), .seconds(60))
    }
}
