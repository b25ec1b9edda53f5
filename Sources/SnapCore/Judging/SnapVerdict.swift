/// How the table judged a call of "Snap!".
public enum SnapVerdict: Hashable, Sendable {
    /// There was no match: the caller pays a card to every other player who still has cards.
    case wrong
    /// A call after the judged one, before the next card was turned: shown, nothing else happens.
    case tooLate
    /// There was a match: the open piles of `matching` (clockwise from the caller) go to the caller.
    case correct(matching: SeatList)
    /// A call credited with a reaction faster than a human's (RULES.md, "False start"): it is not judged as a
    /// Snap!, the caller pays from their closed pile as for a wrong call, and the card stays open for the others.
    case falseStart

    /// Whether the call stops the table until the cards have moved: a correct or a wrong call.
    public var stopsTheTable: Bool {
        switch self {
        case .correct, .wrong: true
        case .tooLate, .falseStart: false
        }
    }
}
