import SnapCore

/// Turns a table's events into the packets every client at the table receives.
///
/// Some original packets name players by id rather than seat, so it follows the table's seating as the
/// events change it. Every packet it makes is the same for every player: events are public.
public struct TableEventPackets: Sendable {
    private var ids: [PlayerID?]
    private var startedRound: (round: Int, startingSeat: Seat)?

    /// A translator for a table seated as `table` is now.
    public init(seating table: Table) {
        ids = Seat.allCases.map { table[$0]?.info.id }
    }

    /// The packets for `events`, in order, as clients of protocol versions 1 to 9 get them.
    public mutating func packets(for events: [TableEvent]) -> [Packet] {
        moment(for: events).classic
    }

    /// The packets for `events`, in order, for clients of every version: version 10 gets fewer of them (Turn for
    /// ActivatePlayer, SnapJudged for a judged call's PlayerCalledSnap and CallTiming).
    public mutating func moment(for events: [TableEvent]) -> TableMoment {
        var moment = TableMoment()
        var index = events.startIndex
        while index < events.endIndex {
            let event = events[index]
            index += 1
            // The head starts and the access are the settings' too, in packets of their own that older clients are
            // not sent.
            if case .settingsChanged(let settings) = event {
                moment.append(Packet.settings(settings))
                continue
            }
            guard let classic = packet(for: event) else { continue }
            switch event {
            case .activated(let seat):
                moment.append(classic, lean: .turn(seat: seat))
            case .snapCalled(let seat, let verdict) where verdict.stopsTheTable:
                // The judged call's timing follows it: one packet for the two.
                guard index < events.endIndex, case .callTimed(seat, let reaction, let margin) = events[index],
                    let timing = packet(for: events[index])
                else {
                    moment.append(classic)
                    continue
                }
                index += 1
                moment.classic += [classic, timing]
                moment.lean.append(
                    .snapJudged(
                        SnapCall(seat: seat, verdict: verdict), reaction: Wire.microseconds(reaction),
                        margin: margin.map(Wire.microseconds)))
            default:
                moment.append(classic)
            }
        }
        return moment
    }

    private func id(_ seat: Seat) -> PlayerID {
        ids[Int(seat.rawValue)] ?? PlayerID("")
    }

    private static func byte(_ count: Int) -> UInt8 { UInt8(clamping: count) }

    private mutating func packet(for event: TableEvent) -> Packet? {
        switch event {
        case .playerJoined(let seat, let info):
            ids[Int(seat.rawValue)] = info.id
            return .playerJoined(seat: seat, player: info)
        case .playerLeft(let seat, let handedOutTo):
            defer { ids[Int(seat.rawValue)] = nil }
            return .otherClientQuit(id: id(seat), handedOutTo: handedOutTo)
        case .seatsRearranged(let moves):
            ids = SeatMove.rearranged(ids, by: moves, leaving: nil)
            return .seatsRearranged(moves)
        case .hostChanged(let seat):
            return .hostChanged(seat)
        case .roundStarted(let round, let startingSeat):
            // Sent together with the deal, as one DealCards packet.
            startedRound = (round, startingSeat)
            return nil
        case .dealt(let counts):
            let started = startedRound ?? (0, .bottom)
            startedRound = nil
            return .dealCards(
                round: UInt16(clamping: started.round),
                startingSeat: started.startingSeat,
                counts: counts.sorted { $0.key < $1.key }.map { SeatCount(seat: $0.key, count: Self.byte($0.value)) })
        case .dealFinished:
            return .dealFinished
        case .activated(let seat):
            return .activatePlayer(id: id(seat))
        case .recycled(let seat, let count):
            return .recycled(seat: seat, count: Self.byte(count))
        case .cardTurned(let seat, let card):
            return .cardTurned(seat: seat, card: card)
        case .snapCalled(let seat, let verdict):
            let wire: WireVerdict = switch verdict {
            case .wrong: .wrong
            case .tooLate: .tooLate
            case .correct(let matching): .correct(matching: matching.map(id))
            case .falseStart: .falseStart
            }
            return .playerCalledSnap(id: id(seat), verdict: wire)
        case .pileCollected(let from, let to, let count):
            return .pileCollected(from: from, to: to, count: Self.byte(count))
        case .openPileTurnedUnder(let seat, let count):
            return .openPileTurnedUnder(seat: seat, count: Self.byte(count))
        case .cardPaid(let from, let to):
            return .cardPaid(from: from, to: to)
        case .playerOut(let seat):
            return .playerOut(seat)
        case .resumed:
            return .resumed
        case .roundWon(let seat, let gamesWon):
            return .roundWon(seat: seat, gamesWon: UInt16(clamping: gamesWon))
        case .roundAbandoned:
            return .roundAbandoned
        case .timeUp:
            return .timeUp
        case .suddenDeath(let seats):
            return .suddenDeath(seats)
        case .settingsChanged(let settings):
            return .tableSettings(settings)  // with its head starts, in packets(for:)
        case .dealRevealed(let code):
            return .roundDeal(code)
        case .photoFinish(let finish):
            return .photoFinish(finish)
        case .callTimed(let seat, let reaction, let margin):
            return .callTiming(
                seat: seat, reaction: Wire.microseconds(reaction), margin: margin.map(Wire.microseconds))
        }
    }
}
