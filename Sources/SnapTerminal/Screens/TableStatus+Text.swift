import SnapCore

extension TableStatus {
    /// The status line the terminal shows for `view`, in `texts`' language: the shared status lines, with this
    /// client's way of asking for a turn and the emphasis (*** ***) that stands out in a terminal.
    func terminalText(in view: PlayerView, _ texts: TerminalTexts) -> String {
        switch self {
        case .waitingForPlayers: return texts.text("status.waitingForPlayers")
        case .dealing: return texts.text("status.dealing")
        case .yourTurn: return texts.text("terminal.status.yourTurn")
        case .playersTurn(let name): return texts.text("status.playersTurn", ["name": name])
        case .match: return "*** " + texts.text("terminal.status.match") + " ***"
        case .mustPay(let name):
            return texts.text("status.mustPay", you: view.stop?.seat == view.viewer, ["name": name])
        case .youReceiveCards: return "*** " + texts.text("status.receivesCards.you") + " ***"
        case .receivesCards(let name): return "*** " + texts.text("status.receivesCards", ["name": name]) + " ***"
        case .winner(let name):
            let isViewer = if case .roundOver(let winner?) = view.phase { winner == view.viewer } else { false }
            return "** " + texts.text("status.winner", you: isViewer, ["name": name]) + " **"
        case .abandoned: return texts.text("status.abandoned")
        }
    }
}
