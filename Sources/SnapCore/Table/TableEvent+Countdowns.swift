extension TableEvent {
    /// Whether this event ends the active player's turn timer as the players were told it (a new one, if any,
    /// is announced after it): a turned card, a new active player, a judged call, or the end of the time or round.
    public var endsTurnCountdown: Bool {
        switch self {
        case .cardTurned, .activated, .timeUp, .roundStarted, .roundWon, .roundAbandoned: true
        case .snapCalled(_, let verdict): verdict != .tooLate
        default: false
        }
    }

    /// Whether this event stops a quick round's clock: the time is up, or the round is over.
    public var endsRoundCountdown: Bool {
        switch self {
        case .timeUp, .roundStarted, .roundWon, .roundAbandoned: true
        default: false
        }
    }
}
