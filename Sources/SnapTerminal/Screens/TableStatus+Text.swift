import SnapCore

extension TableStatus {
    /// The status line the terminal shows: the original game's wording in sentence case, with the emphasis (*** ***) that stands out in a terminal.
    var terminalText: String {
        switch self {
        case .waitingForPlayers: "Waiting for players…"
        case .dealing: "Dealing…"
        case .yourTurn: "Your turn: press Enter"
        case .playersTurn(let name): "\(name)'s turn"
        case .match: "*** Match! ***"
        case .mustPay(let name): "\(name) must pay"
        case .youReceiveCards: "You receive cards"
        case .receivesCards(let name): "\(name) receives cards"
        case .winner(let name): "** Winner: \(name) **"
        case .abandoned: "Round over: nobody won"
        }
    }
}
