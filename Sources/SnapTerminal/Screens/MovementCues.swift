import SnapCore

/// A short log of where the cards went, in words: "Lucy pays Ray a card", "You collect 7 cards from Steve".
///
/// A terminal cannot animate cards flying across the table, so these lines say what moved. Only the last
/// few are kept, and each fades out after ``lifetime``.
public struct MovementCues: Hashable, Sendable {
    /// One line of the log and when it was written.
    public struct Cue: Hashable, Sendable {
        /// What happened.
        public var text: String
        /// When it happened, on the caller's timeline.
        public var time: Duration
    }

    /// How many lines are kept.
    public let capacity: Int
    /// How long a line stays.
    public let lifetime: Duration
    /// The lines kept, oldest first.
    public private(set) var cues: [Cue] = []

    /// An empty log.
    public init(capacity: Int = 3, lifetime: Duration = .seconds(12)) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    /// Adds the lines for `events`, which happened at `time` to a table that looked like `view` before them, in
    /// `texts`' language.
    public mutating func record(
        _ events: [TableEvent], before view: PlayerView, at time: Duration, in texts: TerminalTexts = .english
    ) {
        let lines = MovementCues.describe(events, before: view, in: texts)
        cues += lines.map { Cue(text: $0, time: time) }
        if cues.count > capacity { cues.removeFirst(cues.count - capacity) }
    }

    /// The lines still shown at `time`, oldest first.
    public func lines(at time: Duration) -> [String] {
        cues.filter { time - $0.time < lifetime }.map(\.text)
    }

    /// When the next line fades out, if any is shown.
    public func nextExpiry(after time: Duration) -> Duration? {
        cues.map { $0.time + lifetime }.filter { $0 > time }.min()
    }

    /// The lines for `events`, which happened to a table that looked like `view` before them.
    ///
    /// Names are taken from the view as it was just before each event, so a player who leaves is still
    /// named. Payments from one wrong call and piles from one correct call make one line each.
    public static func describe(
        _ events: [TableEvent], before view: PlayerView, in texts: TerminalTexts = .english
    ) -> [String] {
        var view = view
        var lines = [String]()
        var index = 0
        while index < events.count {
            let event = events[index]
            let names = Names(view: view, texts: texts)
            switch event {
            case .cardPaid(let payer, _):
                var payees = [Seat]()
                while index < events.count, case .cardPaid(payer, let payee) = events[index] {
                    payees.append(payee)
                    view.apply(events[index])
                    index += 1
                }
                lines.append(names.payment(from: payer, to: payees))
                continue
            case .pileCollected(_, let collector, _):
                var piles = [(from: Seat, count: Int)]()
                while index < events.count, case .pileCollected(let from, collector, let count) = events[index] {
                    piles.append((from, count))
                    view.apply(events[index])
                    index += 1
                }
                lines.append(names.collection(by: collector, piles: piles))
                continue
            default:
                if let line = names.line(for: event) { lines.append(line) }
            }
            view.apply(event)
            index += 1
        }
        return lines
    }
}

/// The lines for events, as whole sentences from the catalogue: a key's `.you` variant when the viewer does it.
private struct Names {
    let view: PlayerView
    let texts: TerminalTexts

    func name(_ seat: Seat) -> String {
        texts.name(of: seat, in: view)
    }

    /// A seat as the object in a list of players: the catalogue's "you" for the viewer.
    func object(_ seat: Seat) -> String {
        seat == view.viewer ? texts.text("terminal.cue.object.you") : name(seat)
    }

    /// `key`'s sentence about `seat`, in its `.you` variant for the viewer.
    func says(_ key: String, _ seat: Seat, count: Int? = nil, _ arguments: [String: String] = [:]) -> String {
        texts.text(
            "terminal.cue." + key, you: seat == view.viewer, count: count, arguments.merging(["name": name(seat)]) { $1 })
    }

    func line(for event: TableEvent) -> String? {
        switch event {
        case .roundStarted(let round, let starter):
            return says("roundStarted", starter, ["round": String(round)])
        case .recycled(let seat, let count):
            return says("recycled", seat, count: count)
        case .openPileTurnedUnder(let seat, let count):
            return says("turnedUnder", seat, count: count)
        case .playerOut(let seat):
            return says("out", seat)
        case .playerLeft(let seat, let handedOutTo):
            return handedOutTo.isEmpty ? says("left", seat) : says("leftHandedOut", seat, count: handedOutTo.count)
        case .roundWon(let seat, let gamesWon):
            return says("roundWon", seat, count: gamesWon)
        case .roundAbandoned:
            return texts.text("terminal.cue.abandoned")
        default:
            return nil
        }
    }

    func payment(from payer: Seat, to payees: [Seat]) -> String {
        if payees.count == 1 {
            if payees[0] == view.viewer { return texts.text("terminal.cue.paysOne.toYou", ["name": name(payer)]) }
            return says("paysOne", payer, ["payee": name(payees[0])])
        }
        return says("paysEach", payer, ["payees": texts.list(payees.map(object))])
    }

    func collection(by collector: Seat, piles: [(from: Seat, count: Int)]) -> String {
        let others = piles.filter { $0.from != collector }
        let own = piles.filter { $0.from == collector }.reduce(0) { $0 + $1.count }
        let total = others.reduce(0) { $0 + $1.count }
        if others.isEmpty { return says("takesBack", collector, count: own) }
        let from = texts.list(others.map { object($0.from) })
        if own > 0 { return says("collectsAndTakesBack", collector, count: total, ["from": from, "own": String(own)]) }
        return says("collects", collector, count: total, ["from": from])
    }
}
