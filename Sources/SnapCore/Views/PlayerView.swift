/// What one player may see of the table: everything public, and no face-down card.
///
/// ``Table/view(for:)`` computes it on the table's side; a client keeps the same value up to date from
/// the table's events with ``apply(_:)-(TableEvent)``. Both must always agree.
public struct PlayerView: Hashable, Sendable {
    /// The seat of the player looking (nil for someone watching).
    public var viewer: Seat?
    /// Where the table is in its cycle of rounds.
    public var phase: Table.Phase = .waiting
    /// The number of rounds started at this table.
    public var round = 0
    /// The host's seat.
    public var host: Seat?
    /// The seat that started the current (or last) round.
    public var startingSeat: Seat?
    /// The active player's seat, while playing.
    public var active: Seat?
    /// Whether the active player already turned a card in this activation.
    public var hasTurned = false
    /// The seats, by seat number; nil where empty.
    public var seats: [SeatView?] = Array(repeating: nil, count: Seat.count)
    /// The calls made since the last turned card, in arrival order.
    public var calls: [SnapCall] = []
    /// The judged call being settled: while set, the table is stopped.
    public var stop: SnapCall?
    /// How rounds end and how long a player has to turn.
    public var settings = TableSettings()
    /// Whether the current quick round's time has run out.
    public var timeIsUp = false
    /// The players tied for most cards when the time ran out, in sudden death; empty otherwise.
    public var suddenDeath: [Seat] = []
    /// The code of the last round's deal, once that round is over (nil while a round is under way: it names every
    /// card).
    public var deal: DealCode?

    /// An empty table as seen from `viewer`.
    public init(viewer: Seat?) {
        self.viewer = viewer
    }

    /// The seat view for `seat`, if occupied.
    public subscript(seat: Seat) -> SeatView? {
        get { seats[Int(seat.rawValue)] }
        set { seats[Int(seat.rawValue)] = newValue }
    }

    /// The occupied seats, clockwise from the bottom.
    public var occupiedSeats: [Seat] { Seat.allCases.filter { self[$0] != nil } }

    /// The seats whose top open card matches another player's.
    public var matchingSeats: [Seat] {
        var counts = [UInt8: Int]()
        for seat in seats { if let value = seat?.topOpen?.value { counts[value, default: 0] += 1 } }
        return Seat.allCases.filter { seat in
            guard let value = self[seat]?.topOpen?.value else { return false }
            return counts[value, default: 0] > 1
        }
    }

    /// Whether the player in `seat` is out of the current round (no cards left while a round is under way).
    public func isOut(_ seat: Seat) -> Bool {
        phase.isRoundUnderWay && (self[seat]?.cardCount ?? 0) == 0
    }

    /// Whether the viewer may turn a card right now.
    public var viewerCanTurn: Bool {
        guard let viewer, phase == .playing, stop == nil, active == viewer, !hasTurned else { return false }
        return (self[viewer]?.closedCount ?? 0) > 0
    }

    /// Whether the viewer may call "Snap!" right now.
    public var viewerCanCall: Bool {
        guard let viewer, phase == .playing else { return false }
        return (self[viewer]?.cardCount ?? 0) > 0
    }

    /// The number of cards the view knows about: face-down counts plus open cards.
    public var cardCount: Int { seats.reduce(0) { $0 + ($1?.cardCount ?? 0) } }

    /// The display name for a seat from the viewer's side: "You" for the viewer.
    public func displayName(_ seat: Seat) -> String {
        seat == viewer ? "You" : (self[seat]?.info.name ?? "?")
    }
}

/// One seat as everybody sees it: the player, how many closed cards they have, and their open pile.
public struct SeatView: Hashable, Sendable {
    /// Who sits here.
    public var info: PlayerInfo
    /// The number of cards in the closed pile; their identities are never shown.
    public var closedCount: Int
    /// The open pile, bottom first; every card in it has been turned face up in front of everyone.
    public var open: [Card]
    /// Rounds this player has won at this table.
    public var gamesWon: Int

    /// Describes a seat.
    public init(info: PlayerInfo, closedCount: Int = 0, open: [Card] = [], gamesWon: Int = 0) {
        self.info = info
        self.closedCount = closedCount
        self.open = open
        self.gamesWon = gamesWon
    }

    /// The top open card, if any.
    public var topOpen: Card? { open.last }
    /// The player's cards: closed plus open.
    public var cardCount: Int { closedCount + open.count }
}

extension Table {
    /// What the player in `viewer` may see (nil: someone watching). This is the one place that decides
    /// what a player learns: closed piles become counts; everything else at the table is public.
    public func view(for viewer: Seat?) -> PlayerView {
        var view = PlayerView(viewer: viewer)
        view.phase = phase
        view.round = round
        view.host = host
        view.startingSeat = startingSeat
        view.active = activeSeat
        view.hasTurned = hasTurned
        view.calls = calls
        view.stop = stop
        view.settings = settings
        view.timeIsUp = timeIsUp
        view.suddenDeath = suddenDeath
        if case .roundOver = phase { view.deal = deal }
        for seat in occupiedSeats {
            let player = self[seat]!
            view[seat] = SeatView(
                info: player.info,
                closedCount: player.closed.count,
                open: player.open.cards,
                gamesWon: player.gamesWon
            )
        }
        return view
    }
}
