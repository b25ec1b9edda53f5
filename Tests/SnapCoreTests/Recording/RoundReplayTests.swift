import Testing
@testable import SnapCore

/// A recorded round replays exactly: the same events, in the same order, from its start and log alone.
@Suite struct RoundReplayTests {
    /// Plays tables the way the server drives them — people acting at random moments (turns, calls right and
    /// wrong, leaving, dropping and coming back, changing settings between rounds), computer players on their
    /// timers, networks whose allowances change — and replays every finished round from its log. One seed at a time
    /// (each a fraction of a second of computing), leaving Swift's shared threads to the other tests meanwhile.
    @Test(.serialized, arguments: 0..<40)
    func everyRoundReplaysToTheSameEvents(seed: UInt64) throws {
        var driver = ServerLikeDriver(seed: seed)
        let rounds = driver.play(until: 3)
        #expect(!rounds.isEmpty)
        for (finished, observed) in rounds {
            let replayed = try RoundReplay.events(of: finished.log).flatMap { $0 }
            #expect(replayed == observed, "seed \(seed), round \(finished.round)")
            var replay = RoundReplay(finished.log)
            while try replay.next() != nil {}
            #expect(replay.runner.table.view(for: nil) == driver.viewsAtEnd[finished.round])
        }
    }

    @Test func theRecordKnowsTheWinnerTheCallsAndTheCards() throws {
        var driver = ServerLikeDriver(seed: 3)
        let rounds = driver.play(until: 2)
        for (finished, _) in rounds {
            #expect(finished.cardsAtEnd.values.reduce(0, +) == 52)
            if let winner = finished.winner { #expect(finished.cardsAtEnd[winner] == 52 || finished.log.start.settings.roundLength != .classic) }
            #expect(finished.log.actionCount >= 1)
            #expect(finished.calls.allSatisfy { $0.at <= finished.length })
            for call in finished.calls where call.reaction != nil {
                if case .correct = call.verdict {} else if case .wrong = call.verdict {} else { Issue.record("a too-late call was timed") }
            }
        }
    }

    @Test func aRefusedStartRoundBeginsNothing() {
        var runner = TableRunner(generator: SplitMix64(seed: 1))
        var recorder = RoundRecorder<RoundLog>()
        _ = try? runner.perform(.join(PlayerInfo(id: PlayerID("a"), name: "Ann")))
        let start = RoundStart(before: .startRound(by: .bottom), on: runner)
        #expect(throws: TableError.notEnoughPlayers) { try runner.perform(.startRound(by: .bottom)) }
        #expect(!recorder.isRecording)
        _ = start
        _ = recorder.advanced(to: .seconds(1), events: [], runner: runner)
        #expect(!recorder.isRecording)
    }

    @Test func quietMovesOfTheTimelineAreFoldedTogether() throws {
        var driver = ServerLikeDriver(seed: 9, quiet: true)
        let rounds = driver.play(until: 1)
        let log = try #require(rounds.first?.0.log)
        let advances = log.steps.indices.filter { if case .advance = log.steps[$0] { true } else { false } }
        // Two advances in a row only when the first one did something.
        for index in advances where index + 1 < log.steps.count {
            if case .advance = log.steps[index + 1] {
                var replay = RoundReplay(RoundLog(start: log.start, steps: Array(log.steps[...index])))
                var last: [TableEvent] = []
                while let events = try replay.next() { last = events }
                #expect(!last.isEmpty)
            }
        }
    }
}

/// Drives a runner as TableSession does, with a recorder beside it.
private struct ServerLikeDriver {
    var runner: TableRunner<SplitMix64>
    var recorder = RoundRecorder<RoundLog>()
    var random: SplitMix64
    var now: Duration = .zero
    var observed: [TableEvent] = []
    var viewsAtEnd: [Int: PlayerView] = [:]
    let quiet: Bool
    private var nextPerson = 0

    init(seed: UInt64, quiet: Bool = false) {
        random = SplitMix64(seed: seed &* 7919 &+ 17)
        self.quiet = quiet
        let judging: JudgingRule = seed % 3 == 0 ? .arrival : .standard
        var table = Table()
        table.settings = seed % 2 == 0 ? TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8)) : .standard
        runner = TableRunner(table: table, difficulty: [.easy, .normal, .hard][Int(seed % 3)], speed: 8, judging: judging, generator: SplitMix64(seed: seed))
        for name in ["Ann", "Bob"] { join(PlayerInfo(id: PlayerID(name), name: name)) }
        let computers = Int(seed % 3)
        for computer in Table.computerOpponents(for: "Ann").prefix(computers) { join(computer) }
    }

    private mutating func join(_ info: PlayerInfo) {
        _ = perform(.join(info))
    }

    private var people: [Seat] {
        runner.table.occupiedSeats.filter { !runner.table[$0]!.info.isComputer }
    }

    private mutating func setAllowances() {
        guard random.next() % 5 == 0 else { return }
        var allowances = [Seat: NetworkAllowance]()
        for seat in people where !runner.table.absent.contains(seat) {
            let typical = Duration.milliseconds(Int(random.next() % 40))
            allowances[seat] = NetworkAllowance(typical: typical, most: typical + .milliseconds(Int(random.next() % 60)))
        }
        runner.allowances = allowances
        recorder.allowancesSet(allowances)
    }

    private mutating func perform(_ action: TableAction) -> [TableEvent] {
        setAllowances()
        let start = RoundStart(before: action, on: runner)
        guard let events = try? runner.perform(action) else { return [] }
        if recorder.isRecording || start != nil { observed += events }
        if start != nil, !recorder.isRecording { observed = events }
        finish(recorder.performed(action, events: events, runner: runner, start: start))
        return events
    }

    private mutating func advance(to time: Duration) {
        setAllowances()
        let events = runner.advance(to: time)
        if recorder.isRecording { observed += events }
        finish(recorder.advanced(to: time, events: events, runner: runner))
    }

    private var finished: [(RoundRecorder<RoundLog>.FinishedRound, [TableEvent])] = []

    private mutating func finish(_ round: RoundRecorder<RoundLog>.FinishedRound?) {
        guard let round else { return }
        finished.append((round, observed))
        viewsAtEnd[round.round] = runner.table.view(for: nil)
        observed = []
    }

    /// Plays until `rounds` rounds have ended (or the table empties); returns each with the events seen in it.
    mutating func play(until rounds: Int) -> [(RoundRecorder<RoundLog>.FinishedRound, [TableEvent])] {
        var guardSteps = 0
        while finished.count < rounds, guardSteps < 200_000, runner.table.playerCount > 0 {
            guardSteps += 1
            // People act every 20–400 ms of table time; timers fire in between.
            now += .milliseconds(Int(20 + random.next() % 380))
            if quiet || random.next() % 4 != 0 { advance(to: now) }
            // A request that reached the server before timers that have fired since (it waited behind other work)
            // brings the table up to when it arrived: a time the runner has already passed.
            if random.next() % 6 == 0 { advance(to: now - .milliseconds(Int(random.next() % 300))) }
            actOnce()
        }
        return finished
    }

    private mutating func actOnce() {
        let table = runner.table
        guard let seat = people.randomElement(using: &random) else { return }
        let roll = random.next() % 100
        switch table.phase {
        case .waiting, .roundOver:
            if roll < 5, let host = table.host {
                var settings = roll < 2 ? .standard : TableSettings(roundLength: .quick(.seconds(180)), turnTime: nil)
                // Head starts too, which the judge must weigh the same way in the replay.
                for seat in table.occupiedSeats where random.next() % 2 == 0 {
                    settings.setHeadStart(TableSettings.headStartChoices.randomElement(using: &random)!, for: seat)
                }
                _ = perform(.changeSettings(settings, by: host))
            } else if roll < 8, table.playerCount < 4 {
                nextPerson += 1
                join(PlayerInfo(id: PlayerID("p\(nextPerson)"), name: "P\(nextPerson)"))
            } else if let host = table.host {
                _ = perform(.startRound(by: host))
            }
        case .dealing, .playing:
            if roll < 40, table.activeSeat == seat {
                _ = perform(.turnCard(seat))
            } else if roll < 55, !table.matchingSeats().isEmpty {
                _ = perform(.callSnap(seat, reaction: .milliseconds(Int(150 + random.next() % 400))))
            } else if roll < 57 {
                _ = perform(.callSnap(seat, reaction: nil))
            } else if roll < 60 {
                _ = perform(.setPresence(seat, present: table.absent.contains(seat)))
            } else if roll == 60, table.playerCount > 2 {
                _ = perform(.leave(seat))
            }
        }
    }
}
