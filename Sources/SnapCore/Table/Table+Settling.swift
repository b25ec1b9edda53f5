extension Table {
    /// Moves the cards for a judged call: a correct call collects the matching open piles, a wrong one pays
    /// a card to every other player who still has cards.
    mutating func settle(_ call: SnapCall, into events: inout [TableEvent]) {
        let caller = call.seat
        // The caller may have left while the verdict was shown; then nothing moves.
        guard self[caller] != nil else { return }
        switch call.verdict {
        case .tooLate:
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
            // Every other player with cards is paid, clockwise: a payment never makes a later payee's count 0.
            let others = caller.clockwiseAfter.dropLast()
            let payees = others.count(where: { (self[$0]?.cardCount ?? 0) > 0 })
            if self[caller]!.closed.count < payees && !self[caller]!.open.isEmpty {
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
