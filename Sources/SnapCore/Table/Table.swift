/// One Snap! table as a state machine: actions go in, events come out.
///
/// The table is pure: it holds no clock and no random source. It says which timed step it waits for
/// (``pendingStep``) and whoever runs it calls ``advance(_:)`` when that time has come. An action the
/// rules do not allow throws a ``TableError`` and leaves the table unchanged.
public struct Table: Hashable, Sendable {
    /// Where the table is in its cycle of rounds.
    public enum Phase: Hashable, Sendable {
        /// No round has been played yet; players come and go.
        case waiting
        /// The cards have been dealt and the deal is being shown; nobody may act.
        case dealing
        /// A round is under way.
        case playing
        /// The round is over: `winner` holds every card (nil when the round was abandoned).
        case roundOver(winner: Seat?)

        /// Whether a round is under way (dealing or playing).
        public var isRoundUnderWay: Bool { self == .dealing || self == .playing }
    }

    /// The players by seat (index = seat number); nil where a seat is empty.
    public internal(set) var players: [SeatedPlayer?] = Array(repeating: nil, count: Seat.count)
    /// Cards in no one's piles: the whole deck between rounds, and cards left by a player nobody could take.
    public internal(set) var stock: [Card] = Deck.ordered
    /// Where the table is in its cycle of rounds.
    public internal(set) var phase: Phase = .waiting
    /// The seat of the host, who starts rounds; nil when the table is empty.
    public internal(set) var host: Seat?
    /// The number of rounds started at this table.
    public internal(set) var round = 0
    /// The seat that started the current (or last) round.
    public internal(set) var startingSeat: Seat?
    /// The code of the current (or last) round's deal; nil before the first round and for a round dealt without one.
    /// It names every card: players see it only once the round is over (``PlayerView/deal``).
    public internal(set) var deal: DealCode?
    /// The seat of the active player, while playing.
    public internal(set) var activeSeat: Seat?
    /// Whether the active player already turned a card in this activation.
    public internal(set) var hasTurned = false
    /// Whether a call has been judged since the last turned card; later calls are too late.
    public internal(set) var callJudged = false
    /// The calls made since the last turned card, in arrival order.
    public internal(set) var calls: [SnapCall] = []
    /// The judged call being settled: while set, the table is stopped.
    public internal(set) var stop: SnapCall?
    /// The timed step the table waits for, if any.
    public internal(set) var pendingStep: PendingStep?
    /// Goes up by one every time a new timed step is set up, so a runner can tell a new step from an old one.
    public internal(set) var pendingStepNumber = 0
    /// The table's delays at normal speed.
    public var timing: TableTiming
    /// How rounds end and how long a player has to turn, as the host chose.
    public var settings = TableSettings()
    /// Whether the current quick round's time has run out (the round ends at the next chance).
    public internal(set) var timeIsUp = false
    /// The players tied for most cards when the time ran out, while the round is in sudden death; else empty.
    public internal(set) var suddenDeath: [Seat] = []
    /// The seats of people whose connection has dropped: the turn timer waits only a second for them.
    public internal(set) var absent: Set<Seat> = []

    /// An empty table.
    public init(timing: TableTiming = .standard) {
        self.timing = timing
    }

    // MARK: - Looking at the table

    /// The player in `seat`, if any.
    public subscript(seat: Seat) -> SeatedPlayer? {
        // Lent, not copied: reading a player's pile copies neither the player nor the pile.
        _read { yield players[Int(seat.rawValue)] }
    }

    /// The occupied seats, clockwise from the bottom.
    public var occupiedSeats: [Seat] {
        Seat.allCases.filter { self[$0] != nil }
    }

    /// The number of seated players, counted where they sit (iterating would copy each player).
    public var playerCount: Int {
        var count = 0
        for index in players.indices { if case .some = players[index] { count += 1 } }
        return count
    }

    /// The seat of the player with this id, if seated.
    public func seat(of id: PlayerID) -> Seat? {
        Seat.allCases.first { self[$0]?.info.id == id }
    }

    /// Whether two players' top open cards have the same value: ``matchingSeats(from:)`` is not empty. Allocates
    /// nothing.
    public var hasMatch: Bool {
        var seen: UInt16 = 0
        for index in players.indices {
            guard let value = players[index]?.open.top?.value else { continue }
            if seen & (1 << value) != 0 { return true }
            seen |= 1 << value
        }
        return false
    }

    /// The seats whose top open card has the same value as another player's top open card,
    /// clockwise from `start` (itself first).
    public func matchingSeats(from start: Seat = .bottom) -> SeatList {
        // Counted per value in a word, three bits a value (at most four cards of a value are on top): allocates
        // nothing.
        var counts: UInt64 = 0
        for index in players.indices {
            if let value = players[index]?.open.top?.value { counts &+= 1 &<< (UInt64(value) &* 3) }
        }
        var matching = SeatList()
        for offset in 0..<UInt8(Seat.count) {
            let seat = Seat(rawValue: (start.rawValue &+ offset) % UInt8(Seat.count))!
            guard let value = self[seat]?.open.top?.value, (counts &>> (UInt64(value) &* 3)) & 7 > 1 else { continue }
            matching.append(seat)
        }
        return matching
    }

    /// Every card at the table, wherever it is. Always the 52 cards of the deck, each once.
    public var allCards: [Card] {
        stock + players.flatMap { ($0?.closed.cards ?? []) + ($0?.open.cards ?? []) }
    }

    /// Whether all 52 cards are at the table, each exactly once.
    public var cardsAccountedFor: Bool {
        // One bit per card, or-ed together: 52 cards whose bits make 52 are each there once. Cheap enough to check
        // after every action of a busy server or a long simulation: each pile's bits and count are kept where the pile
        // is (see Pile), so this reads the players' list alone, never the cards. A pile's kept bits never name a card
        // it does not hold and its count is exact, so they can fail a table that is right but never pass one that is
        // not; `PileTests` checks them against the cards.
        var seen = Card.bits(of: stock)
        var count = stock.count
        for index in players.indices {
            count += players[index]?.addCardBits(to: &seen) ?? 0
        }
        return count == Deck.size && seen.nonzeroBitCount == Deck.size
    }

    // MARK: - Actions

    /// Performs an action and returns what happened.
    ///
    /// - Parameters:
    ///   - action: what is asked of the table.
    ///   - generator: the random source for shuffling and choosing the first starting player.
    /// - Throws: ``TableError`` when the rules do not allow the action; the table is then unchanged.
    public mutating func perform(
        _ action: TableAction,
        using generator: inout some RandomNumberGenerator
    ) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try perform(action, using: &generator, into: &events)
        return events
    }

    /// Performs an action and appends what happened to `events`, a buffer the caller reuses: a turn, a call and the
    /// steps between them allocate nothing.
    ///
    /// - Throws: ``TableError`` when the rules do not allow the action; the table and `events` are then unchanged.
    public mutating func perform(
        _ action: TableAction,
        using generator: inout some RandomNumberGenerator,
        into events: inout [TableEvent]
    ) throws(TableError) {
        switch action {
        case .join(let info): events += try join(info).events
        case .leave(let seat): events += try leave(seat)
        case .remove(let seat, let remover): events += try remove(seat, by: remover)
        case .startRound(let seat, let deal): events += try startRound(by: seat, using: &generator, deal: deal)
        case .turnCard(let seat): try turnCard(by: seat, into: &events)
        case .callSnap(let seat, _): try callSnap(by: seat, into: &events)
        case .advance(let step): try advance(step, into: &events)
        case .changeSettings(let settings, let seat): events += try changeSettings(settings, by: seat)
        case .timeRanOut: events += try timeRanOut()
        case .setPresence(let seat, let present): events += try setPresence(seat, present: present)
        }
    }

    /// Seats a player: the host at the bottom, then top, left and right, so that the seats always
    /// match the layout for the number of players.
    ///
    /// - Returns: the seat taken and what happened.
    public mutating func join(_ info: PlayerInfo) throws(TableError) -> (seat: Seat, events: [TableEvent]) {
        guard seat(of: info.id) == nil else { throw .alreadySeated }
        // Full before under way: waiting for the round to end would not help.
        guard playerCount < Seat.count else { throw .tableFull }
        guard mayJoin(info) else { throw .tableLocked }
        guard !phase.isRoundUnderWay else { throw .roundUnderWay }
        let name = info.name.lowercased()
        guard !players.contains(where: { $0?.info.name.lowercased() == name }) else { throw .nameTaken }

        var events = arrangeSeats()
        let seat = Seat.layout(playerCount: playerCount + 1).first { self[$0] == nil }!
        players[Int(seat.rawValue)] = SeatedPlayer(info: info)
        events.append(.playerJoined(seat, info))
        if host == nil {
            host = seat
            events.append(.hostChanged(seat))
        }
        return (seat, events)
    }

    /// Starts a round: collects and shuffles the cards, picks the starting player and deals.
    ///
    /// The first round's starting player is drawn at random; later rounds start with the next
    /// occupied seat clockwise from the previous round's starting player. The deck is the one `deal` names
    /// (a code drawn from `generator` unless the host chose one); its code is ``deal``.
    public mutating func startRound(
        by seat: Seat,
        using generator: inout some RandomNumberGenerator,
        deal choice: RoundDeal = .drawn
    ) throws(TableError) -> [TableEvent] {
        try requireHost(seat)
        guard !phase.isRoundUnderWay else { throw .roundUnderWay }
        guard playerCount >= 2 else { throw .notEnoughPlayers }

        var events = arrangeSeats()
        let seats = occupiedSeats
        let starter: Seat
        if let previous = startingSeat {
            starter = previous.clockwiseAfter.first { self[$0] != nil }!
        } else {
            starter = seats[Int.random(in: 0..<seats.count, using: &generator)]
        }
        // Room for the whole deck in every pile, kept from round to round: cards move during play without
        // allocating.
        for seat in seats {
            players[Int(seat.rawValue)]!.closed.removeAll(reservingCapacity: Deck.size)
            players[Int(seat.rawValue)]!.open.removeAll(reservingCapacity: Deck.size)
        }
        stock = []
        switch choice {
        case .drawn: deal = DealCode(drawingFrom: &generator)
        case .chosen(let code): deal = code
        case .withoutCode: deal = nil
        }
        let deck = deal?.deck ?? Deck.shuffled(using: &generator)
        let order = [starter] + starter.clockwiseAfter.dropLast().filter { self[$0] != nil }
        for (index, card) in deck.enumerated() {
            players[Int(order[index % order.count].rawValue)]!.closed.putOnTop(card)
        }

        round += 1
        timeIsUp = false
        suddenDeath = []
        startingSeat = starter
        phase = .dealing
        activeSeat = nil
        hasTurned = false
        callJudged = false
        calls.removeAll(keepingCapacity: true)
        stop = nil
        setPending(.finishDeal)
        var counts = [Seat: Int]()
        for seat in seats { counts[seat] = self[seat]!.closed.count }
        events.append(.roundStarted(round: round, startingSeat: starter))
        events.append(.dealt(counts: counts))
        return events
    }

    /// The active player turns the top card of their closed pile onto their open pile.
    public mutating func turnCard(by seat: Seat) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try turnCard(by: seat, into: &events)
        return events
    }

    mutating func turnCard(by seat: Seat, into events: inout [TableEvent]) throws(TableError) {
        try checkInPlay(seat)
        guard stop == nil else { throw .snapInProgress }
        guard activeSeat == seat else { throw .notYourTurn }
        guard !hasTurned else { throw .alreadyTurned }
        guard let card = players[Int(seat.rawValue)]!.closed.takeTop() else { throw .noClosedCards }

        players[Int(seat.rawValue)]!.open.putOnTop(card)
        hasTurned = true
        callJudged = false
        calls.removeAll(keepingCapacity: true)
        setPending(.activateNext)
        events.append(.cardTurned(seat, card))
    }

    /// A player calls "Snap!". The first call since the last turned card is judged and stops the table;
    /// later ones are too late. A player who made a false start on this card (``falseStart(by:)``) is not judged
    /// again before the next card: their call changes nothing.
    public mutating func callSnap(by seat: Seat) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try callSnap(by: seat, into: &events)
        return events
    }

    mutating func callSnap(by seat: Seat, into events: inout [TableEvent]) throws(TableError) {
        try checkInPlay(seat)
        if callJudged {
            // Kept once per seat: however often a player calls too late, the table holds at most a call a seat.
            if !calls.contains(where: { $0.seat == seat }) { calls.append(SnapCall(seat: seat, verdict: .tooLate)) }
            events.append(.snapCalled(seat, .tooLate))
            return
        }
        // A false start took this player out of this card's race.
        guard !hasFalseStarted(seat) else { return }
        let matching = matchingSeats(from: seat)
        let call = SnapCall(seat: seat, verdict: matching.isEmpty ? .wrong : .correct(matching: matching))
        callJudged = true
        calls.append(call)
        stop = call
        setPending(.moveCards)
        events.append(.snapCalled(seat, call.verdict))
    }

    /// Takes the timed step the table is waiting for.
    public mutating func advance(_ step: TimedStep) throws(TableError) -> [TableEvent] {
        var events = [TableEvent]()
        try advance(step, into: &events)
        return events
    }

    mutating func advance(_ step: TimedStep, into events: inout [TableEvent]) throws(TableError) {
        guard pendingStep?.step == step else { throw .unexpectedStep }
        pendingStep = nil
        switch step {
        case .finishDeal:
            phase = .playing
            events.append(.dealFinished)
            activate(candidates: [startingSeat!] + startingSeat!.clockwiseAfter.dropLast(), into: &events)
        case .activateNext:
            activate(candidates: activeSeat!.clockwiseAfter, into: &events)
        case .moveCards:
            settle(stop!, into: &events)
            setPending(.resume)
        case .resume:
            resume(into: &events)
        case .turnForPlayer:
            guard let active = activeSeat, !hasTurned, stop == nil else { return }
            try? turnCard(by: active, into: &events)
        }
    }

    // MARK: - Helpers shared by the actions

    /// Checks that the player in `seat` may act in the round now (call "Snap!", or turn on their turn).
    ///
    /// - Throws: ``TableError`` when no round is being played, the seat is empty or the player is out.
    public func checkInPlay(_ seat: Seat) throws(TableError) {
        switch phase {
        case .waiting, .roundOver: throw .noRoundUnderWay
        case .dealing: throw .dealingInProgress
        case .playing: break
        }
        guard let player = self[seat] else { throw .notSeated }
        guard player.cardCount > 0 else { throw .outOfCards }
    }

    mutating func setPending(_ step: TimedStep) {
        var delay = timing.delay(before: step)
        if step == .turnForPlayer, let active = activeSeat {
            let turnTime = settings.turnTime ?? TableSettings.standardTurnTime
            delay = absent.contains(active) ? min(turnTime, TableSettings.absentTurnTime) : turnTime
        }
        pendingStep = PendingStep(step: step, delay: delay)
        pendingStepNumber += 1
    }

    /// Starts the active player's turn timer, when the table has one and they may turn.
    mutating func armTurnTimer() {
        guard settings.turnTime != nil, phase == .playing, stop == nil, pendingStep == nil,
            let active = activeSeat, !hasTurned, self[active]?.closed.isEmpty == false
        else { return }
        setPending(.turnForPlayer)
    }

    /// Activates the first candidate who can play: one with closed cards, or one with two or more open
    /// cards, which are recycled first. Players with no closed cards and at most one open card are skipped.
    mutating func activate(candidates: [Seat]) -> [TableEvent] {
        var events = [TableEvent]()
        activate(candidates: candidates, into: &events)
        return events
    }

    mutating func activate(candidates: [Seat], into events: inout [TableEvent]) {
        for seat in candidates where (self[seat]?.cardCount ?? 0) > 0 {
            if !self[seat]!.closed.isEmpty {
                return makeActive(seat, into: &events)
            }
            if self[seat]!.open.count >= 2 {
                events.append(recycle(seat))
                return makeActive(seat, into: &events)
            }
        }
        // With 52 cards and at most four players someone always qualifies; nothing to do otherwise.
    }

    mutating func makeActive(_ seat: Seat, into events: inout [TableEvent]) {
        activeSeat = seat
        hasTurned = false
        armTurnTimer()
        events.append(.activated(seat))
    }

    mutating func recycle(_ seat: Seat) -> TableEvent {
        .recycled(seat, count: moveOpenPile(of: seat, underClosedOf: seat))
    }

    /// Moves `seat`'s open pile, turned over, underneath `receiver`'s closed pile; returns how many cards moved.
    /// The pile is lent out of its place and back, emptied: nothing is allocated, no card copied twice.
    mutating func moveOpenPile(of seat: Seat, underClosedOf receiver: Seat) -> Int {
        var moving = Pile()
        swap(&moving, &players[Int(seat.rawValue)]!.open)
        let count = moving.count
        players[Int(receiver.rawValue)]!.closed.putUnderneath(turnedOver: &moving)
        swap(&moving, &players[Int(seat.rawValue)]!.open)
        return count
    }

    mutating func endRound(winner: Seat?) -> [TableEvent] {
        var events = [TableEvent]()
        endRound(winner: winner, into: &events)
        return events
    }

    mutating func endRound(winner: Seat?, into events: inout [TableEvent]) {
        phase = .roundOver(winner: winner)
        activeSeat = nil
        hasTurned = false
        stop = nil
        pendingStep = nil
        if let winner {
            players[Int(winner.rawValue)]!.gamesWon += 1
            events.append(.roundWon(winner, gamesWon: self[winner]!.gamesWon))
        } else {
            events.append(.roundAbandoned)
        }
        if let deal { events.append(.dealRevealed(deal)) }
    }

    /// The seat holding every card, if any.
    var seatHoldingEveryCard: Seat? {
        Seat.clockwise.first { self[$0]?.cardCount == Deck.size }
    }
}
