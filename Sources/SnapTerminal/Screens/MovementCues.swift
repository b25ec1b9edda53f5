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

    /// Adds the lines for `events`, which happened at `time` to a table that looked like `view` before them.
    public mutating func record(_ events: [TableEvent], before view: PlayerView, at time: Duration) {
        let texts = MovementCues.describe(events, before: view)
        cues += texts.map { Cue(text: $0, time: time) }
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
    public static func describe(_ events: [TableEvent], before view: PlayerView) -> [String] {
        var view = view
        var lines = [String]()
        var index = 0
        while index < events.count {
            let event = events[index]
            let names = Names(view: view)
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

/// Players' names as a sentence needs them: "You" and "you" for the viewer, with verbs to match.
private struct Names {
    let view: PlayerView

    func subject(_ seat: Seat) -> String {
        seat == view.viewer ? "You" : (view[seat]?.info.name ?? "Someone")
    }

    func object(_ seat: Seat) -> String {
        seat == view.viewer ? "you" : (view[seat]?.info.name ?? "someone")
    }

    /// "Lucy pays" or "You pay".
    func says(_ seat: Seat, _ verb: String, _ thirdPerson: String) -> String {
        seat == view.viewer ? "You \(verb)" : "\(subject(seat)) \(thirdPerson)"
    }

    func cards(_ count: Int) -> String { count == 1 ? "1 card" : "\(count) cards" }

    func line(for event: TableEvent) -> String? {
        switch event {
        case .roundStarted(let round, let starter):
            return "Round \(round): \(says(starter, "start", "starts"))"
        case .recycled(let seat, let count):
            return "\(says(seat, "recycle", "recycles")) \(cards(count))"
        case .openPileTurnedUnder(let seat, let count):
            return "\(says(seat, "turn", "turns")) \(cards(count)) under to pay"
        case .playerOut(let seat):
            return seat == view.viewer ? "You are out" : "\(subject(seat)) is out"
        case .playerLeft(let seat, let handedOutTo):
            let leaves = says(seat, "leave", "leaves")
            return handedOutTo.isEmpty ? "\(leaves)…" : "\(leaves)… \(cards(handedOutTo.count)) handed out"
        case .roundWon(let seat, let gamesWon):
            let rounds = gamesWon == 1 ? "1 round" : "\(gamesWon) rounds"
            return "\(says(seat, "win", "wins")) the round! (\(rounds) won)"
        case .roundAbandoned:
            return "The round ends without a winner"
        default:
            return nil
        }
    }

    func payment(from payer: Seat, to payees: [Seat]) -> String {
        if payees.count == 1 {
            return "\(says(payer, "pay", "pays")) \(object(payees[0])) a card"
        }
        return "\(says(payer, "pay", "pays")) a card each to \(list(payees.map(object)))"
    }

    func collection(by collector: Seat, piles: [(from: Seat, count: Int)]) -> String {
        let others = piles.filter { $0.from != collector }
        let own = piles.filter { $0.from == collector }.reduce(0) { $0 + $1.count }
        let total = others.reduce(0) { $0 + $1.count }
        var line = "\(says(collector, "collect", "collects")) \(cards(total))"
        if !others.isEmpty { line += " from \(list(others.map { object($0.from) }))" }
        if own > 0 {
            line =
                others.isEmpty
                ? "\(says(collector, "take", "takes")) back \(cards(own))"
                : line + " and \(collector == view.viewer ? "take" : "takes") back \(own)"
        }
        return line
    }

    func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
