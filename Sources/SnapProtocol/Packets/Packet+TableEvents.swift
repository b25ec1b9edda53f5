import SnapCore

extension Packet {
    /// Why a packet could not be read as table events against a client's view.
    public struct UnknownPlayer: Error, Hashable, Sendable {
        /// The id the packet named ("in seat N" for a version 10 packet that named an empty seat).
        public var id: PlayerID
    }

    /// The table events this packet carries, read against `view` (the client's mirror, which knows who sits
    /// where). Nil for packets that are not table events.
    ///
    /// - Throws: ``UnknownPlayer`` when the packet names a player the view does not know: the client has
    ///   missed something and should ask for a resync.
    public func tableEvents(in view: PlayerView) throws(UnknownPlayer) -> [TableEvent]? {
        func seat(_ id: PlayerID) throws(UnknownPlayer) -> Seat {
            guard let seat = view.occupiedSeats.first(where: { view[$0]?.info.id == id }) else {
                throw UnknownPlayer(id: id)
            }
            return seat
        }
        func seated(_ seat: Seat) throws(UnknownPlayer) -> Seat {
            guard view[seat] != nil else { throw UnknownPlayer(id: PlayerID("in seat \(seat.rawValue)")) }
            return seat
        }
        switch self {
        case .playerJoined(let seat, let player):
            return [.playerJoined(seat, player)]
        case .otherClientQuit(let id, let handedOutTo):
            return [.playerLeft(try seat(id), handedOutTo: handedOutTo)]
        case .seatsRearranged(let moves):
            return [.seatsRearranged(moves)]
        case .hostChanged(let host):
            return [.hostChanged(host)]
        case .dealCards(let round, let startingSeat, let counts):
            var dealt = [Seat: Int]()
            for count in counts { dealt[count.seat] = Int(count.count) }
            return [.roundStarted(round: Int(round), startingSeat: startingSeat), .dealt(counts: dealt)]
        case .dealFinished:
            return [.dealFinished]
        case .activatePlayer(let id):
            return [.activated(try seat(id))]
        case .recycled(let seat, let count):
            return [.recycled(seat, count: Int(count))]
        case .cardTurned(let seat, let card):
            return [.cardTurned(seat, card)]
        case .playerCalledSnap(let id, let wire):
            let verdict: SnapVerdict
            switch wire {
            case .wrong: verdict = .wrong
            case .tooLate: verdict = .tooLate
            case .falseStart: verdict = .falseStart
            case .correct(let matching):
                // At most a seat each: the wire's list holds at most Wire.maximumPlayers (4) ids.
                var seats = SeatList()
                for id in matching.prefix(Seat.count) { seats.append(try seat(id)) }
                verdict = .correct(matching: seats)
            }
            return [.snapCalled(try seat(id), verdict)]
        case .pileCollected(let from, let to, let count):
            return [.pileCollected(from: from, to: to, count: Int(count))]
        case .openPileTurnedUnder(let seat, let count):
            return [.openPileTurnedUnder(seat, count: Int(count))]
        case .cardPaid(let from, let to):
            return [.cardPaid(from: from, to: to)]
        case .playerOut(let seat):
            return [.playerOut(seat)]
        case .resumed:
            return [.resumed]
        case .roundWon(let seat, let gamesWon):
            return [.roundWon(seat, gamesWon: Int(gamesWon))]
        case .roundAbandoned:
            return [.roundAbandoned]
        case .roundDeal(let code):
            return [.dealRevealed(code)]
        case .photoFinish(let finish):
            return [.photoFinish(finish)]
        case .tableSettings(let round, let turn):
            // The head starts and the access stay as they were until the HeadStarts and TableAccess that follow.
            let chosen = TableSettings(roundSeconds: round, turnSeconds: turn)
            var settings = view.settings
            settings.roundLength = chosen.roundLength
            settings.turnTime = chosen.turnTime
            return [.settingsChanged(settings)]
        case .headStarts(let milliseconds):
            return [.settingsChanged(view.settings.withHeadStarts(milliseconds: milliseconds))]
        case .tableAccess(let flags):
            return [.settingsChanged(view.settings.withAccess(flags: flags))]
        case .timeUp:
            return [.timeUp]
        case .suddenDeath(let seats):
            return [.suddenDeath(seats)]
        case .callTiming(let seat, let reaction, let margin):
            return [Self.callTimed(seat, reaction: reaction, margin: margin)]
        case .turn(let seat):
            return [.activated(try seated(seat))]
        case .snapJudged(let call, let reaction, let margin):
            // Seats, not ids, but they must be seats someone sits in, as ids must be players at the table.
            if case .correct(let matching) = call.verdict { for seat in matching { _ = try seated(seat) } }
            return [
                .snapCalled(try seated(call.seat), call.verdict),
                Self.callTimed(call.seat, reaction: reaction, margin: margin),
            ]
        default:
            return nil
        }
    }

    private static func callTimed(_ seat: Seat, reaction: UInt32, margin: UInt32?) -> TableEvent {
        .callTimed(seat, reaction: .microseconds(Int64(reaction)), margin: margin.map { .microseconds(Int64($0)) })
    }
}
