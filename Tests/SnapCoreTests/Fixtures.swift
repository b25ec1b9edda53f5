@testable import SnapCore

/// A card from a short name: rank (A, 2–10, J, Q, K) then suit letter (C, D, H, S), e.g. "10H", "AS".
func card(_ name: String) -> Card {
    let suit: Suit = switch name.last! {
    case "C": .clubs
    case "D": .diamonds
    case "H": .hearts
    default: .spades
    }
    let rank = name.dropLast()
    let value: UInt8 = switch rank {
    case "A": 1
    case "J": 11
    case "Q": 12
    case "K": 13
    default: UInt8(rank)!
    }
    return Card(suit: suit, value: value)!
}

/// Cards from space-separated short names, bottom first.
func cards(_ names: String) -> [Card] {
    names.split(separator: " ").map { card(String($0)) }
}

/// Players for a fixture: a seat with its closed and open piles, each listed bottom first.
struct Hand {
    var seat: Seat
    var closed: String
    var open: String = ""
    var computer = false
}

/// A table in the middle of a round, set up card by card. The cards the hands do not use go to whoever is
/// listed first, under their closed pile, so that all 52 are always at the table.
func playingTable(_ hands: [Hand], active: Seat, hasTurned: Bool = false, fillUp: Bool = true) -> Table {
    var table = Table()
    let names = ["Ann", "Ray", "Lucy", "Steve"]
    var used = Set<Card>()
    for hand in hands {
        var player = SeatedPlayer(info: PlayerInfo(
            id: PlayerID("p\(hand.seat.rawValue)"), name: names[Int(hand.seat.rawValue)], isComputer: hand.computer))
        player.closed = Pile(bottomToTop: cards(hand.closed))
        player.open = Pile(bottomToTop: cards(hand.open))
        used.formUnion(player.closed.cards + player.open.cards)
        table.players[Int(hand.seat.rawValue)] = player
    }
    let rest = Deck.ordered.filter { !used.contains($0) }
    if fillUp {
        table.players[Int(hands[0].seat.rawValue)]!.closed.putUnderneath(rest)
        table.stock = []
    } else {
        table.stock = rest
    }
    table.host = hands[0].seat
    table.phase = .playing
    table.round = 1
    table.startingSeat = hands[0].seat
    table.activeSeat = active
    table.hasTurned = hasTurned
    if hasTurned { table.setPending(.activateNext) }
    return table
}

/// Seats `count` players at a fresh table (Ann, Ray, Lucy, Steve in that order).
func tableWith(_ count: Int, computers: Bool = false) -> Table {
    var table = Table()
    for name in ["Ann", "Ray", "Lucy", "Steve"].prefix(count) {
        _ = try! table.join(PlayerInfo(id: PlayerID(name.lowercased()), name: name, isComputer: computers))
    }
    return table
}

extension Table {
    /// Takes the pending step, which must be `step`.
    mutating func step(_ step: TimedStep) throws -> [TableEvent] {
        try advance(step)
    }

    /// The closed pile of `seat`, bottom first.
    func closed(_ seat: Seat) -> [Card] { self[seat]!.closed.cards }
    /// The open pile of `seat`, bottom first.
    func open(_ seat: Seat) -> [Card] { self[seat]!.open.cards }
}
