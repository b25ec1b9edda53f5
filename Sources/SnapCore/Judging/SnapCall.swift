/// A call of "Snap!" and how it was judged.
public struct SnapCall: Hashable, Sendable {
    /// Who called.
    public var seat: Seat
    /// How the table judged it.
    public var verdict: SnapVerdict

    /// Describes a call.
    public init(seat: Seat, verdict: SnapVerdict) {
        self.seat = seat
        self.verdict = verdict
    }
}
