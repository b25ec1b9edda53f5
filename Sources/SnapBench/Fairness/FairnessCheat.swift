/// A way a client can lie to win a Snap! race, as `snap-bench fairness` plays it against an honest opponent.
public enum FairnessCheat: String, Sendable, CaseIterable, Codable {
    /// Claims a reaction of 0 on every call.
    case zeroReaction = "zero-reaction"
    /// Holds every Pong for 150 ms, to look far away, and claims a reaction of 0.
    case slowPongs = "slow-pongs"
    /// Answers every Ping with a made-up value (the ping's own value less 100 ms in nanoseconds) and claims a
    /// reaction of 0.
    case forgedPongs = "forged-pongs"
    /// Holds every call back for 100 ms but claims the reaction it truly took.
    case lateCalls = "late-calls"
    /// Sends its previous call again the moment a new card is drawn: a call made before it could have reacted.
    case replayedCall = "replayed-call"
    /// A bot: calls 60 ms after a match shows, and says so — faster than a person reacts.
    case fastBot = "fast-bot"

    /// How long ``slowPongs`` holds a Pong.
    public static let pongHold = Duration.milliseconds(150)
    /// How far back ``forgedPongs`` moves a Ping's value, in nanoseconds.
    public static let forgedPongShift: UInt64 = 100_000_000
    /// How long ``lateCalls`` holds a call.
    public static let callHold = Duration.milliseconds(100)
    /// How soon after a match ``fastBot`` calls.
    public static let botReaction = Duration.milliseconds(60)

    /// Whether it calls on every card without looking (else, like a person, only when a match shows).
    public var callsBlind: Bool { self == .replayedCall }

    /// Whether it calls when its scripted reaction has passed (else when it likes: at once, or as a bot does).
    public var keepsToTheScript: Bool { self != .replayedCall && self != .fastBot }

    /// One line on what the cheat does.
    public var summary: String {
        switch self {
        case .zeroReaction: "claims a reaction of 0 on every call"
        case .slowPongs: "holds its pongs 150 ms (to look far away) and claims 0"
        case .forgedPongs: "answers pings with a forged value (ping − 100 ms) and claims 0"
        case .lateCalls: "holds its calls 100 ms but claims its true reaction"
        case .replayedCall: "re-sends its previous call the moment a card is drawn"
        case .fastBot: "a bot that calls 60 ms after a match shows, and says so"
        }
    }
}
