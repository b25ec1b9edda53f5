extension PlayerView {
    /// Who the table will activate next, while a round is being played: worked out by the table's own rule
    /// (``Table``'s activation, the one the server and the single-player table use) on a table with the piles this
    /// view shows, so that a client can say "Lucy is next" in the half-second after a card is turned.
    ///
    /// The face-down cards are stand-ins: the rule looks only at how many cards each pile holds. Nil when no round
    /// is being played or nobody can play.
    public var nextToTurn: Seat? {
        guard phase == .playing, let active else { return nil }
        var table = Table()
        table.phase = .playing
        let standIn = Deck.ordered[0]
        for seat in occupiedSeats {
            guard let shown = self[seat] else { continue }
            var player = SeatedPlayer(info: shown.info)
            player.closed = Pile(bottomToTop: Array(repeating: standIn, count: shown.closedCount))
            player.open = Pile(bottomToTop: shown.open)
            table.players[Int(seat.rawValue)] = player
        }
        table.activeSeat = active
        for case .activated(let seat) in table.activate(candidates: active.clockwiseAfter) { return seat }
        return nil
    }
}
