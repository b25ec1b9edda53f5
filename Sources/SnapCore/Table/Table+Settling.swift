extension Table {
    /// Moves the cards for a judged call: a correct call collects the matching open piles, a wrong one pays
    /// a card to every other player who still has cards.
    mutating func settle(_ call: SnapCall) -> [TableEvent] {
        let caller = call.seat
        // The caller may have left while the verdict was shown; then nothing moves.
        guard self[caller] != nil else { return [] }
        var events = [TableEvent]()
        switch call.verdict {
        case .tooLate:
            return []
        case .correct(let matching):
            for seat in matching {
                guard let player = self[seat], !player.open.isEmpty else { continue }
                let cards = players[Int(seat.rawValue)]!.open.takeAllTurnedOver()
                players[Int(caller.rawValue)]!.closed.putUnderneath(cards)
                events.append(.pileCollected(from: seat, to: caller, count: cards.count))
            }
            for seat in matching where seat != caller && self[seat]?.cardCount == 0 {
                events.append(.playerOut(seat))
            }
        case .wrong:
            let payees = caller.clockwiseAfter.dropLast().filter { (self[$0]?.cardCount ?? 0) > 0 }
            let payer = self[caller]!
            if payer.closed.count < payees.count && !payer.open.isEmpty {
                let cards = players[Int(caller.rawValue)]!.open.takeAllTurnedOver()
                players[Int(caller.rawValue)]!.closed.putUnderneath(cards)
                events.append(.openPileTurnedUnder(caller, count: cards.count))
            }
            for payee in payees {
                guard let card = players[Int(caller.rawValue)]!.closed.takeTop() else { break }
                players[Int(payee.rawValue)]!.closed.putUnderneath([card])
                events.append(.cardPaid(from: caller, to: payee))
            }
            if self[caller]!.cardCount == 0 {
                events.append(.playerOut(caller))
            }
        }
        return events
    }

    /// Ends the stop after a call: the round ends if someone holds every card; otherwise the active player
    /// stays active, is recycled and stays active, or hands over to the next player.
    mutating func resume() -> [TableEvent] {
        let call = stop
        stop = nil
        var events: [TableEvent] = [.resumed]
        if let winner = seatHoldingEveryCard {
            return events + endRound(winner: winner)
        }
        // Time ran out while the cards moved, or sudden death met its correct call: the most cards wins now.
        if timeIsUp, suddenDeath.isEmpty || call.map({ if case .correct = $0.verdict { true } else { false } }) == true {
            let decided = decideByCards()
            events += decided
            guard phase == .playing else { return events }
        }
        guard let active = activeSeat else { return events }
        let player = self[active]
        if player == nil || player!.cardCount == 0 || hasTurned
            || (player!.closed.isEmpty && player!.open.count == 1)
        {
            events += activate(candidates: active.clockwiseAfter)
        } else if player!.closed.isEmpty {
            events.append(recycle(active))
        }
        armTurnTimer()
        return events
    }
}
