extension PlayerView {
    /// Brings the view up to date with one of the table's events, exactly as the table changed.
    public mutating func apply(_ event: TableEvent) {
        switch event {
        case .playerJoined(let seat, let info):
            self[seat] = SeatView(info: info)
        case .playerLeft(let seat, let handedOutTo):
            for recipient in handedOutTo { self[recipient]?.closedCount += 1 }
            self[seat] = nil
        case .seatsRearranged(let moves):
            startingSeat = SeatMove.startingSeat(startingSeat, through: moves, occupied: occupiedSeats)
            seats = SeatMove.rearranged(seats, by: moves, leaving: nil)
            let moved = { (seat: Seat?) in seat.map { SeatMove.destination(of: $0, in: moves) } }
            host = moved(host)
            if viewer != nil { viewer = moved(viewer) }
            if case .roundOver(let winner) = phase { phase = .roundOver(winner: moved(winner)) }
            calls = []
        case .hostChanged(let seat):
            host = seat
        case .roundStarted(let round, let startingSeat):
            self.round = round
            self.startingSeat = startingSeat
            phase = .dealing
            active = nil
            hasTurned = false
            calls = []
            stop = nil
            timeIsUp = false
            suddenDeath = []
            deal = nil
            for seat in occupiedSeats {
                self[seat]!.closedCount = 0
                self[seat]!.open = []
            }
        case .dealt(let counts):
            for (seat, count) in counts { self[seat]?.closedCount = count }
        case .dealFinished:
            phase = .playing
        case .activated(let seat):
            active = seat
            hasTurned = false
        case .recycled(let seat, _), .openPileTurnedUnder(let seat, _):
            guard var player = self[seat] else { return }
            player.closedCount += player.open.count
            player.open = []
            self[seat] = player
        case .cardTurned(let seat, let card):
            self[seat]?.closedCount -= 1
            self[seat]?.open.append(card)
            hasTurned = true
            calls = []
        case .snapCalled(let seat, let verdict):
            let call = SnapCall(seat: seat, verdict: verdict)
            // As at the table: one call a seat is kept once the card's call is judged.
            if verdict != .tooLate || !calls.contains(where: { $0.seat == seat }) { calls.append(call) }
            if verdict.stopsTheTable { stop = call }
        case .pileCollected(let from, let to, let count):
            self[from]?.open = []
            self[to]?.closedCount += count
        case .cardPaid(let from, let to):
            self[from]?.closedCount -= 1
            self[to]?.closedCount += 1
        case .playerOut, .callTimed, .photoFinish:
            break
        case .timeUp:
            timeIsUp = true
        case .suddenDeath(let seats):
            suddenDeath = seats
        case .settingsChanged(let settings):
            self.settings = settings
        case .resumed:
            stop = nil
        case .roundWon(let seat, let gamesWon):
            self[seat]?.gamesWon = gamesWon
            endRound(winner: seat)
        case .roundAbandoned:
            endRound(winner: nil)
        case .dealRevealed(let code):
            deal = code
        }
    }

    /// Applies events in order.
    public mutating func apply(_ events: some Sequence<TableEvent>) {
        for event in events { apply(event) }
    }

    private mutating func endRound(winner: Seat?) {
        phase = .roundOver(winner: winner)
        active = nil
        hasTurned = false
        stop = nil
    }
}
