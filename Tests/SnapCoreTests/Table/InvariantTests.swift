import Testing
@testable import SnapCore

/// Thousands of seeded games with random legal and illegal actions, from every seat, including players
/// coming and going. After every action: 52 cards, each once; every client's mirror equals its view; the
/// table can always go on; a refused action changed nothing.
@Suite struct InvariantTests {
    struct Outcome: Equatable {
        var events: [TableEvent] = []
        var refusals: [TableError] = []
    }

    /// Plays one random game and checks the invariants after every action.
    static func playRandomGame(seed: UInt64, steps: Int = 300) -> Outcome {
        var dice = SplitMix64(seed: seed)
        var generator = SplitMix64(seed: seed &* 31 &+ 7)
        var table = Table()
        // Half the games are quick rounds with a turn timer, whose time may run out at any moment.
        if seed.isMultiple(of: 2) {
            table.settings = TableSettings(roundLength: .standardQuick, turnTime: TableSettings.standardTurnTime)
        }
        var outcome = Outcome()
        var mirrors: [PlayerID: PlayerView] = [:]
        var joined = 0
        func join() {
            joined += 1
            guard let (seat, events) = try? table.join(PlayerInfo(id: PlayerID("p\(joined)"), name: "P\(joined)")) else { return }
            for id in mirrors.keys { mirrors[id]!.apply(events) }
            mirrors[table[seat]!.info.id] = table.view(for: seat)  // a newcomer starts from a full view
            outcome.events += events
        }
        for _ in 0..<Int.random(in: 2...4, using: &dice) { join() }
        check(table, mirrors)

        for _ in 0..<steps {
            let seat = Seat(rawValue: UInt8.random(in: 0...3, using: &dice))!
            let roll = Int.random(in: 0..<100, using: &dice)
            let action: TableAction
            switch roll {
            case 0..<35: action = table.pendingStep.map { .advance($0.step) } ?? .turnCard(seat)
            case 35..<60: action = .turnCard(table.activeSeat.flatMap { roll.isMultiple(of: 2) ? $0 : nil } ?? seat)
            case 60..<85: action = .callSnap(seat)
            case 85..<88: action = .advance([.finishDeal, .activateNext, .moveCards, .resume][roll % 4])
            case 88..<90: action = .leave(seat)
            case 90..<92: join(); continue
            case 92..<94: action = .timeRanOut
            case 94..<96: action = .setPresence(seat, present: roll.isMultiple(of: 2))
            default: action = .startRound(by: roll.isMultiple(of: 2) ? (table.host ?? seat) : seat)
            }
            let before = table
            do {
                let events = try table.perform(action, using: &generator)
                outcome.events += events
                for id in mirrors.keys {
                    if case .leave = action, table.seat(of: id) == nil {
                        mirrors[id] = nil
                        continue
                    }
                    mirrors[id]!.apply(events)
                }
            } catch {
                outcome.refusals.append(error)
                #expect(table == before, "refused \(action) changed the table")
                // Nothing changed, the mirrors included: what was checked after the last action still holds. Most
                // random actions are refused, and checking costs more than playing.
                continue
            }
            check(table, mirrors)
        }
        return outcome
    }

    static func check(_ table: Table, _ mirrors: [PlayerID: PlayerView]) {
        #expect(table.cardsAccountedFor)
        for seat in table.occupiedSeats {
            PileTests.expectKeptMatchesCards(table[seat]!.closed)
            PileTests.expectKeptMatchesCards(table[seat]!.open)
        }
        for (id, mirror) in mirrors {
            #expect(mirror == table.view(for: table.seat(of: id)))
        }
        switch table.phase {
        case .dealing:
            #expect(table.pendingStep?.step == .finishDeal)
        case .playing:
            if table.stop != nil {
                #expect(table.pendingStep?.step == .moveCards || table.pendingStep?.step == .resume)
            } else if table.pendingStep == nil {
                // Nothing timed is pending, so the active player must be able to turn.
                let active = table.activeSeat.flatMap { table[$0] }
                #expect(active != nil && !table.hasTurned && !active!.closed.isEmpty, "the table is stuck")
            }
            #expect(table.occupiedSeats.filter { table[$0]!.cardCount > 0 }.count >= 2)
        case .waiting, .roundOver:
            #expect(table.pendingStep == nil)
        }
    }

    /// 2,000 games in eight chunks, one after another: a chunk at a time leaves Swift's shared threads (as many as
    /// the cores) to the other tests, whose servers in process play whole games meanwhile.
    @Test(.serialized, arguments: 0..<8)
    func thousandsOfRandomGamesKeepEveryCardAndNeverGetStuck(chunk: UInt64) async {
        var refusals = Set<TableError>()
        for seed in chunk * 250 + 1...chunk * 250 + 250 {
            refusals.formUnion(Self.playRandomGame(seed: seed).refusals)
            // A game takes a millisecond or so: between games, the other tests in this process get a turn on
            // Swift's shared threads (as many as the cores), which this loop would otherwise hold for seconds.
            await Task.yield()
        }
        // The random actions reach almost every refusal the rules have.
        #expect(refusals.isSuperset(of: [
            .notYourTurn, .alreadyTurned, .dealingInProgress, .snapInProgress, .notHost, .noRoundUnderWay,
            .roundUnderWay, .unexpectedStep, .notSeated,
        ]))
    }

    @Test func replayingTheSameSeedGivesTheSameEvents() {
        for seed in [3, 99, 12_345] as [UInt64] {
            #expect(Self.playRandomGame(seed: seed) == Self.playRandomGame(seed: seed))
        }
        #expect(Self.playRandomGame(seed: 1) != Self.playRandomGame(seed: 2))
    }
}
