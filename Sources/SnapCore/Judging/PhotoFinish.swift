/// A close call drawn on one time line: the calls judged on one card, fastest first, each from the moment the card
/// was shown to the moment the call reached the table, with what the judge took off for the network, the head
/// start, and the reaction it ranked (RULES.md, "Photo finish").
///
/// The runner makes one after a judged call that beat the next by less than ``closeMargin``
/// (``TableEvent/photoFinish(_:)``); it is public, as the call's margin is.
public struct PhotoFinish: Hashable, Sendable {
    /// One call on the time line.
    public struct Entry: Hashable, Sendable {
        /// Who called.
        public var seat: Seat
        /// From showing the card to the call reaching the table.
        public var elapsed: Duration
        /// The reaction the call was credited with, before the head start.
        public var reaction: Duration
        /// The most network time the judge would have taken off this call: the player's allowance, never more than
        /// the rules' bound.
        public var allowance: Duration
        /// The caller's head start.
        public var headStart: Duration

        /// Describes a call.
        public init(seat: Seat, elapsed: Duration, reaction: Duration, allowance: Duration, headStart: Duration) {
            self.seat = seat
            self.elapsed = elapsed
            self.reaction = reaction
            self.allowance = allowance
            self.headStart = headStart
        }

        /// The network time the judge took off: what passed less the credited reaction.
        public var network: Duration { max(.zero, elapsed - reaction) }
        /// What the call was ranked by: its reaction less the head start.
        public var ranking: Duration { reaction - headStart }
    }

    /// A winning margin under this is a photo finish.
    public static let closeMargin: Duration = .milliseconds(50)

    /// The calls, fastest first (the first is the one judged).
    public var entries: [Entry]

    /// A photo finish of `entries`, fastest first.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// By how much the first call beat the second, head starts taken off.
    public var margin: Duration? {
        entries.count >= 2 ? entries[1].ranking - entries[0].ranking : nil
    }
}
