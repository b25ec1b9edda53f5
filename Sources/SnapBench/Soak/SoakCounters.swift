import Synchronization

/// What the soak's honest bots count as they go.
final class SoakCounters: Sendable {
    /// Sign-ins (every SnapClient connected).
    let signIns = Atomic(0)
    /// Tables opened by the honest bots.
    let tablesOpened = Atomic(0)
    /// Rounds won at honest tables.
    let rounds = Atomic(0)
    /// Turns and calls.
    let actions = Atomic(0)
    /// Drops after which the client got back into its seat with its token.
    let reconnectsWithToken = Atomic(0)
    /// Players who vanished (no ClientQuit) and came back without their token.
    let returnsWithoutToken = Atomic(0)
    /// Players who came back without a token and got a seat at their table again.
    let returnsSeated = Atomic(0)
    /// Players who left (ClientQuit) while a round was under way.
    let leavesMidRound = Atomic(0)
    /// Reconnects tried with a token the server never gave out (refused with unknownToken, as they must be).
    let lostTokenProbes = Atomic(0)
    /// Refusals that were expected where they came (a full table, a round under way, an unknown token).
    let expectedRefusals = Tally()
    /// Anything an honest bot should never see, by what it was; must stay empty.
    let protocolErrors = Tally()
    /// Times a table's 52 cards were looked for in every seated bot's view.
    let conservationChecks = Atomic(0)
    /// Tables where some bot's view did not hold exactly 52 cards (each table counted once).
    let tablesNotConserved = Atomic(0)

    /// All zero.
    init() {}
}
