extension Table {
    /// The player in `seat` leaves the table (or has dropped for good).
    ///
    /// During a round their cards, closed then open, each from the top, go face down one at a time to the
    /// bottom of the closed piles of the other players who still have cards, clockwise from the leaver.
    /// If that leaves one player with cards, they win. The host role passes clockwise, and the seat's head start
    /// goes with its player.
    public mutating func leave(_ seat: Seat) throws(TableError) -> [TableEvent] {
        guard let leaver = self[seat] else { throw .notSeated }
        players[Int(seat.rawValue)] = nil
        var events = [TableEvent]()
        if settings.headStart(for: seat) != .zero {
            settings.setHeadStart(.zero, for: seat)
            events.append(.settingsChanged(settings))
        }
        let cards = Array(leaver.closed.cards.reversed()) + leaver.open.cards.reversed()

        if phase.isRoundUnderWay {
            let recipients = seat.clockwiseAfter.filter { (self[$0]?.cardCount ?? 0) > 0 }
            var handedOut = [Seat]()
            if recipients.isEmpty {
                stock += cards
            } else {
                for (index, card) in cards.enumerated() {
                    let recipient = recipients[index % recipients.count]
                    players[Int(recipient.rawValue)]!.closed.putUnderneath([card])
                    handedOut.append(recipient)
                }
            }
            events.append(.playerLeft(seat, handedOutTo: handedOut))
            events += passHostRole(from: seat)
            if recipients.count <= 1 {
                return events + endRound(winner: recipients.first)
            }
            // While a call is being settled, resuming deals with the missing active player.
            if phase == .playing && activeSeat == seat && stop == nil {
                pendingStep = nil
                events += activate(candidates: seat.clockwiseAfter)
            }
        } else {
            stock += cards
            events.append(.playerLeft(seat, handedOutTo: []))
            events += passHostRole(from: seat)
        }
        return events
    }

    func nextOccupied(after seat: Seat) -> Seat? {
        seat.clockwiseAfter.first { self[$0] != nil }
    }

    /// Passes the host role clockwise, to the next person if there is one: a computer player cannot start rounds.
    mutating func passHostRole(from seat: Seat) -> [TableEvent] {
        guard host == seat else { return [] }
        host = seat.clockwiseAfter.first { self[$0].map { !$0.info.isComputer } ?? false } ?? nextOccupied(after: seat)
        return [.hostChanged(host)]
    }

    /// Between rounds, moves players so that the host is at the bottom and the others, in clockwise order,
    /// fill the seats of the layout for their number (RULES.md: top; left and top; left, top and right).
    mutating func arrangeSeats() -> [TableEvent] {
        guard let host else { return [] }
        let order = [host] + host.clockwiseAfter.dropLast().filter { self[$0] != nil }
        let target = Seat.layout(playerCount: order.count)
        guard order != target else { return [] }
        let moves = zip(order, target).filter { $0 != $1 }.map { SeatMove(from: $0, to: $1) }
        var arranged = Array<SeatedPlayer?>(repeating: nil, count: Seat.count)
        for (from, to) in zip(order, target) {
            arranged[Int(to.rawValue)] = self[from]
        }
        players = arranged
        self.host = .bottom
        var events = [TableEvent.seatsRearranged(moves)]
        // A head start is its player's: it moves with them.
        let headStarts = settings.headStarts
        for seat in Seat.allCases { settings.setHeadStart(.zero, for: seat) }
        for (seat, headStart) in headStarts { settings.setHeadStart(headStart, for: SeatMove.destination(of: seat, in: moves)) }
        if settings.headStarts != headStarts { events.append(.settingsChanged(settings)) }
        let moved = { (seat: Seat?) in seat.map { SeatMove.destination(of: $0, in: moves) } }
        startingSeat = SeatMove.startingSeat(startingSeat, through: moves, occupied: order)
        if case .roundOver(let winner) = phase {
            phase = .roundOver(winner: moved(winner))
        }
        calls = []
        return events
    }
}

extension SeatMove {
    /// Where the last round's starting seat stands after `moves`, among the seats `occupied` before them.
    ///
    /// The next round starts with the next occupied seat clockwise from it. If the starter left, that seat
    /// is empty and moves nowhere, so the nearest occupied seat counter-clockwise stands in for it first.
    public static func startingSeat(_ seat: Seat?, through moves: [SeatMove], occupied: [Seat]) -> Seat? {
        guard var seat else { return nil }
        if !occupied.contains(seat), let before = (1...3).lazy.map({ Seat(rawValue: (seat.rawValue + 4 - UInt8($0)) % 4)! })
            .first(where: occupied.contains)
        {
            seat = before
        }
        return destination(of: seat, in: moves)
    }

    /// Where the player in `seat` ends up after `moves` (the same seat when it does not move).
    public static func destination(of seat: Seat, in moves: [SeatMove]) -> Seat {
        moves.first { $0.from == seat }?.to ?? seat
    }

    /// `values` kept by seat number, after `moves`: each moved seat's value goes with its player, and a seat left
    /// behind holds `empty`.
    public static func rearranged<Value>(_ values: [Value], by moves: [SeatMove], leaving empty: Value) -> [Value] {
        var arranged = values
        for move in moves { arranged[Int(move.from.rawValue)] = empty }
        for move in moves { arranged[Int(move.to.rawValue)] = values[Int(move.from.rawValue)] }
        return arranged
    }
}
