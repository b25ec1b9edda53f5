/// One race's script: how long each of the two players takes to react.
struct FairnessDraw: Sendable, Hashable {
    /// The faster player's reaction.
    var base: Duration
    /// Player 1's reaction less player 0's, in milliseconds: positive when player 0 is the faster.
    var gap: Int

    /// How long `player` (0 or 1) takes.
    func reaction(of player: Int) -> Duration {
        switch (player, gap >= 0) {
        case (0, true), (1, false): base
        default: base + .milliseconds(abs(gap))
        }
    }
}
