/// One finished race: a card turned, both players scripted to call, and the first call the server judged.
struct FairnessRace: Sendable {
    /// The table it was played at.
    var table: Int
    /// Its number at that table (the card's, from 0).
    var index: Int
    /// Player 1's scripted reaction less player 0's, in milliseconds.
    var gap: Int
    /// The player whose call was judged first (0 or 1).
    var winner: Int
    /// Whether that call was correct (else wrong).
    var correct: Bool
    /// When each player sent its call (nil: it saw the verdict first and did not call).
    var sentAt: [ContinuousClock.Instant?]
    /// The reaction each player actually took, on its own clock, when it called.
    var actual: [Duration?]
    /// The margin the server gave the winner, when it said (nil: it did not, or nobody else called in time).
    var margin: Duration?
    /// From the first call reaching the server to the verdict leaving it, measured at the proxies.
    var verdictDelay: Duration?
    /// Which players' calls were false starts (RULES.md): not judged, paid for.
    var falseStarts = [false, false]

    /// Whether a match stood: the first judged call was correct, or someone false-started on it.
    var onMatch: Bool { correct || falseStarts.contains(true) }

    /// The truly faster player by the script, or nil for equal reactions.
    var faster: Int? { gap == 0 ? nil : (gap > 0 ? 0 : 1) }

    /// Whether the players' own timers called in the opposite order to the script (an overloaded machine's
    /// sleeps running long).
    var timerSlipped: Bool {
        guard let faster, let fast = actual[faster], let slow = actual[1 - faster] else { return false }
        return fast > slow
    }
}
