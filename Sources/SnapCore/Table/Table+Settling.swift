extension Table {
    /// Moves the cards for a judged call: a correct call collects the matching open piles, a wrong one pays
    /// a card to every other player who still has cards.
    mutating func settle(_ call: SnapCall, into events: inout [TableEvent]) {
        let caller = call.seat
        // The caller may have left while the verdict was shown; then nothing moves.
        guard self[caller] != nil else { return }
        switch call.verdict {
        case .tooLate, .falseStart:
            return
        case .correct(let matching):
            for seat in matching where self[seat]?.open.isEmpty == false {
                let count = moveOpenPile(of: seat, underClosedOf: caller)
                events.append(.pileCollected(from: seat, to: caller, count: count))
            }
            for seat in matching where seat != caller && self[seat]?.cardCount == 0 {
                events.append(.playerOut(seat))
            }
        case .wrong:
            pay(from: caller, turningOpenPileUnder: true, into: &events)
        }
    }

    /// The caller pays one card, the top of their closed pile, to the bottom of the closed pile of every other
    /// player who still has cards, clockwise. Short of closed cards, they first turn their open pile under it
    /// when `turningOpenPileUnder` (a wrong call), or pay what they have (a false start, whose open pile may be
    /// part of a match the others can still call).
    private mutating func pay(from caller: Seat, turningOpenPileUnder: Bool, into events: inout [TableEvent]) {
        // A payment never makes a later payee's count 0.
        let others = caller.clockwiseAfter.dropLast()
        let payees = others.count(where: { (self[$0]?.cardCount ?? 0) > 0 })
        if turningOpenPileUnder && self[caller]!.closed.count < payees && !self[caller]!.open.isEmpty {
            let count = moveOpenPile(of: caller, underClosedOf: caller)
            events.append(.openPileTurnedUnder(caller, count: count))
        }
        for payee in others where (self[payee]?.cardCount ?? 0) > 0 {
            guard let card = players[Int(caller.rawValue)]!.closed.takeTop() else { break }
            players[Int(payee.rawValue)]!.closed.putUnderneath(card)
            events.append(.cardPaid(from: caller, to: payee))
        }
        if self[caller]!.cardCount == 0 {
            events.append(.playerOut(caller))
        }
    }

    /// Whether `seat` made a false start since the last turned card: their calls on this card count no more.
    public func hasFalseStarted(_ seat: Seat) -> Bool {
        calls.contains { $0.seat == seat && $0.verdict == .falseStart }
    }

    /// A player's call was a false start (RULES.md): it is not judged as a Snap!, and the table does not stop. The
    /// caller pays at once, from their closed pile, and the card stays open for everyone else's calls. An active
    /// caller left without closed cards before turning hands the turn on.
    ///
    /// Whoever runs the table decides what is a false start (``TableRunner``): the table only settles it.
    ///
    /// - Throws: ``TableError`` when the caller may not call now; nothing changes then.
    public mutating func falseStart(by seat: Seat) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try falseStart(by: seat, into: &events)
        return events
    }

    mutating func falseStart(by seat: Seat, into events: inout [TableEvent]) throws(TableError) {
        try checkInPlay(seat)
        guard !callJudged else { return try callSnap(by: seat, into: &events) }
        guard !hasFalseStarted(seat) else { return }
        calls.append(SnapCall(seat: seat, verdict: .falseStart))
        events.append(.snapCalled(seat, .falseStart))
        // Never the round's end: the match it was made on is two players' with cards, and the caller keeps their
        // open pile.
        pay(from: seat, turningOpenPileUnder: false, into: &events)
        if seat == activeSeat, !hasTurned, stop == nil, self[seat]!.closed.isEmpty {
            pendingStep = nil
            activate(candidates: seat.clockwiseAfter, into: &events)
        }
    }

    /// Ends the stop after a call: the round ends if someone holds every card; otherwise the active player
    /// stays active, is recycled and stays active, or hands over to the next player.
    mutating func resume(into events: inout [TableEvent]) {
        let call = stop
        stop = nil
        events.append(.resumed)
        if let winner = seatHoldingEveryCard {
            endRound(winner: winner, into: &events)
            return
        }
        // Time ran out while the cards moved, or sudden death met its correct call: the most cards wins now.
        if timeIsUp, suddenDeath.isEmpty || call.map({ if case .correct = $0.verdict { true } else { false } }) == true {
            events += decideByCards()
            guard phase == .playing else { return }
        }
        guard let active = activeSeat else { return }
        if self[active] == nil || self[active]!.cardCount == 0 || hasTurned
            || (self[active]!.closed.isEmpty && self[active]!.open.count == 1)
        {
            activate(candidates: active.clockwiseAfter, into: &events)
        } else if self[active]!.closed.isEmpty {
            events.append(recycle(active))
        }
        armTurnTimer()
    }
}
