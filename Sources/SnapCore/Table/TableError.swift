/// Why the table refused an action. A refused action leaves the table unchanged.
///
/// The raw values are stable: they travel on the wire as error codes.
public enum TableError: UInt16, Error, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// All four seats are taken.
    case tableFull = 1
    /// A round is under way; joining has to wait until it ends.
    case roundUnderWay = 2
    /// Someone at the table already has this name.
    case nameTaken = 3
    /// Someone at the table already has this id.
    case alreadySeated = 4
    /// Nobody sits in that seat.
    case notSeated = 5
    /// Only the host may do that.
    case notHost = 6
    /// A round needs at least two players.
    case notEnoughPlayers = 7
    /// There is no round under way.
    case noRoundUnderWay = 8
    /// The cards are still being dealt.
    case dealingInProgress = 9
    /// It is another player's turn.
    case notYourTurn = 10
    /// The active player already turned a card in this activation.
    case alreadyTurned = 11
    /// The player has no closed cards to turn.
    case noClosedCards = 12
    /// The player has no cards left and is out of this round.
    case outOfCards = 13
    /// The table is stopped while a call is shown and the cards move.
    case snapInProgress = 14
    /// The table is not waiting for that timed step.
    case unexpectedStep = 15
    /// Settings a host may not choose.
    case badSettings = 16
    /// The host has locked the table: nobody new may join.
    case tableLocked = 17
    /// The host cannot remove themselves; they leave instead.
    case cannotRemoveHost = 18

    /// A sentence for people, saying what went wrong.
    public var description: String {
        switch self {
        case .tableFull: "The table is full: four players are seated."
        case .roundUnderWay: "A round is under way; wait for it to end."
        case .nameTaken: "Someone at this table already has that name."
        case .alreadySeated: "That player is already seated."
        case .notSeated: "Nobody sits in that seat."
        case .notHost: "Only the host can do that."
        case .notEnoughPlayers: "A round needs at least two players."
        case .noRoundUnderWay: "No round is under way."
        case .dealingInProgress: "The cards are still being dealt."
        case .notYourTurn: "It is not your turn."
        case .alreadyTurned: "You already turned a card this turn."
        case .noClosedCards: "You have no face-down cards to turn."
        case .outOfCards: "You have no cards left: you are out of this round."
        case .snapInProgress: "Wait: a Snap! call is being settled."
        case .unexpectedStep: "The table is not waiting for that step."
        case .tableLocked: "The host has locked this table: nobody new may join. Ask them to unlock it."
        case .cannotRemoveHost: "You cannot remove yourself: leave the table instead."
        case .badSettings: "Rounds are classic or last 3, 5 or 10 minutes; the turn timer is off or 3 to 30 seconds; a head start is 0, 100, 200, 300 or 500 ms, for a player at the table."
        }
    }
}
