import SnapCore

extension TableStatus {
    /// The status line the terminal shows: the original game's wording, which reads well in a terminal.
    var terminalText: String {
        switch self {
        case .waitingForPlayers: "Waiting for players…"
        case .dealing: "Dealing…"
        case .yourTurn: "Your turn: press Enter"
        case .playersTurn(let name): "\(name)'s turn"
        case .match: "*** Match! ***"
        case .mustPay(let name): "\(name) Must Pay"
        case .youReceiveCards: "You Receive Cards"
        case .receivesCards(let name): "\(name) Receives Cards"
        case .winner(let name): "** Winner: \(name) **"
        case .abandoned: "Round over: nobody won"
        }
    }
}
