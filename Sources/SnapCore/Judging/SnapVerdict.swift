/// How the table judged a call of "Snap!".
public enum SnapVerdict: Hashable, Sendable {
    /// There was no match: the caller pays a card to every other player who still has cards.
    case wrong
    /// A call after the judged one, before the next card was turned: shown, nothing else happens.
    case tooLate
    /// There was a match: the open piles of `matching` (clockwise from the caller) go to the caller.
    case correct(matching: SeatList)
}
