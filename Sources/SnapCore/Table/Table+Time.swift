extension Table {
    /// The host chooses how rounds end, how long a player has to turn and the head starts between rounds; whether
    /// the table is locked or private at any time.
    ///
    /// - Throws: ``TableError/notSeated``, ``TableError/notHost``, ``TableError/roundUnderWay``, or
    ///   ``TableError/badSettings`` for settings a host may not choose.
    mutating func changeSettings(_ newSettings: TableSettings, by seat: Seat) throws(TableError) -> [TableEvent] {
        try requireHost(seat)
        guard !phase.isRoundUnderWay || newSettings.differsOnlyInAccess(from: settings) else { throw .roundUnderWay }
        guard newSettings.isChoosable, newSettings.headStarts.keys.allSatisfy({ self[$0] != nil }) else {
            throw .badSettings
        }
        guard newSettings != settings else { return [] }
        settings = newSettings
        return [.settingsChanged(newSettings)]
    }

    /// A quick round's time ran out: the player holding the most cards wins, once the cards have moved.
    ///
    /// - Throws: ``TableError/noRoundUnderWay`` when no round is being played.
    mutating func timeRanOut() throws(TableError) -> [TableEvent] {
        guard phase == .playing, !timeIsUp else { throw .noRoundUnderWay }
        timeIsUp = true
        // Cards being moved after a call finish moving first; the decision comes when play resumes.
        guard stop == nil else { return [.timeUp] }
        return [.timeUp] + decideByCards()
    }

    /// The end of a quick round: the one player holding the most cards wins; a tie for most means sudden death.
    mutating func decideByCards() -> [TableEvent] {
        let most = occupiedSeats.map { self[$0]!.cardCount }.max() ?? 0
        let leaders = occupiedSeats.filter { self[$0]!.cardCount == most }
        if leaders.count == 1 { return endRound(winner: leaders[0]) }
        guard suddenDeath.isEmpty else { return [] }
        suddenDeath = leaders
        return [.suddenDeath(leaders)]
    }

    /// Notes whether the person in `seat` is connected; an absent active player's turn timer is shortened to a
    /// second, a returning one's starts again in full.
    mutating func setPresence(_ seat: Seat, present: Bool) throws(TableError) -> [TableEvent] {
        guard self[seat] != nil else { throw .notSeated }
        guard present == absent.contains(seat) else { return [] }
        if present { absent.remove(seat) } else { absent.insert(seat) }
        if pendingStep?.step == .turnForPlayer, activeSeat == seat {
            pendingStep = nil
            armTurnTimer()
        }
        return []
    }
}
