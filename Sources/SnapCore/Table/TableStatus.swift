/// The centre status line, as RULES.md lists it, worked out from a player's view.
public enum TableStatus: Hashable, Sendable {
    /// No round yet: waiting for players, or for the host to start.
    case waitingForPlayers
    /// The cards are being dealt.
    case dealing
    /// The viewer is active and may turn a card.
    case yourTurn
    /// Another player is active (their display name).
    case playersTurn(String)
    /// The top open cards of two or more players match.
    case match
    /// A wrong call is being settled: this player pays ("You" for the viewer).
    case mustPay(String)
    /// A correct call is being settled: this player receives the piles ("You" for the viewer).
    case receivesCards(String)
    /// A correct call by the viewer is being settled.
    case youReceiveCards
    /// The round is over and this player won ("You" for the viewer).
    case winner(String)
    /// The round ended without a winner.
    case abandoned

    /// The status for `view`.
    public init(_ view: PlayerView) {
        switch view.phase {
        case .waiting:
            self = .waitingForPlayers
        case .dealing:
            self = .dealing
        case .roundOver(let winner):
            self = winner.map { .winner(view.displayName($0)) } ?? .abandoned
        case .playing:
            if let stop = view.stop {
                let name = view.displayName(stop.seat)
                self = stop.verdict == .wrong ? .mustPay(name) : stop.seat == view.viewer ? .youReceiveCards : .receivesCards(name)
            } else if !view.matchingSeats.isEmpty {
                self = .match
            } else if let active = view.active, active == view.viewer {
                self = .yourTurn
            } else if let active = view.active {
                self = .playersTurn(view.displayName(active))
            } else {
                self = .waitingForPlayers
            }
        }
    }
}
