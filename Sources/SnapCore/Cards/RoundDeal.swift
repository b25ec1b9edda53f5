/// How a round's cards are shuffled when it starts.
public enum RoundDeal: Hashable, Sendable {
    /// From a deal code drawn from the table's random source: how every round is dealt unless the host chose.
    case drawn
    /// From the deal code the host chose ("with deal K7M3-Q2PX"): the same shuffle as every round with that code.
    case chosen(DealCode)
    /// Straight from the table's random source, with no code: how rounds were dealt before deal codes. Kept so that
    /// the rounds recorded then (round logs of format 1–3) replay exactly.
    case withoutCode
}
