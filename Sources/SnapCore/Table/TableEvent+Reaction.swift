extension TableEvent {
    /// Whether this event shows new cards that a call's reaction time is measured from: a turned card, or the
    /// end of the deal (before the round's first card).
    public var startsReactionClock: Bool {
        switch self {
        case .cardTurned, .dealFinished: true
        default: false
        }
    }
}
