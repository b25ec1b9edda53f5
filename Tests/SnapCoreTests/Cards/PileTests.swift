import Testing
@testable import SnapCore

/// What a pile keeps of its cards (their bits and count, which the card audit reads) always says what the cards
/// say, whatever moves them; and the audit that reads it finds a card lost or dealt twice.
@Suite struct PileTests {
    static func expectKeptMatchesCards(_ pile: Pile, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(pile.keptBits == Card.bits(of: pile.cards), sourceLocation: sourceLocation)
        #expect(pile.keptCount == pile.cards.count, sourceLocation: sourceLocation)
    }

    @Test func everyWayOfMovingCardsKeepsTheBitsAndTheCount() {
        let deck = Deck.ordered
        var pile = Pile(bottomToTop: Array(deck[0..<5]))
        Self.expectKeptMatchesCards(pile)
        pile.putOnTop(deck[5])
        Self.expectKeptMatchesCards(pile)
        #expect(pile.takeTop() == deck[5])
        Self.expectKeptMatchesCards(pile)
        pile.putUnderneath(deck[6])
        Self.expectKeptMatchesCards(pile)
        pile.putUnderneath(Array(deck[7..<10]))
        Self.expectKeptMatchesCards(pile)
        var other = Pile(bottomToTop: Array(deck[10..<14]))
        pile.putUnderneath(turnedOver: &other)
        Self.expectKeptMatchesCards(pile)
        Self.expectKeptMatchesCards(other)
        #expect(other.isEmpty && pile.count == 13)
        let taken = pile.takeAllTurnedOver()
        #expect(taken.count == 13)
        Self.expectKeptMatchesCards(pile)
        pile = Pile(bottomToTop: taken)
        pile.removeAll(reservingCapacity: Deck.size)
        Self.expectKeptMatchesCards(pile)
        #expect(pile.takeTop() == nil)
        Self.expectKeptMatchesCards(pile)
    }

    @Test func randomMovesBetweenPilesKeepTheBitsAndTheCount() {
        var dice = SplitMix64(seed: 29)
        var piles = [Pile(bottomToTop: Deck.ordered), Pile(), Pile()]
        for _ in 0..<5_000 {
            let from = Int.random(in: 0..<3, using: &dice)
            let to = (from + Int.random(in: 1...2, using: &dice)) % 3
            switch Int.random(in: 0..<4, using: &dice) {
            case 0: if let card = piles[from].takeTop() { piles[to].putOnTop(card) }
            case 1: if let card = piles[from].takeTop() { piles[to].putUnderneath(card) }
            case 2: piles[to].putUnderneath(piles[from].takeAllTurnedOver())
            default:
                var moved = piles[from]
                piles[from].removeAll(reservingCapacity: Deck.size)
                piles[to].putUnderneath(turnedOver: &moved)
            }
            for pile in piles { Self.expectKeptMatchesCards(pile) }
        }
        #expect(piles.map(\.count).reduce(0, +) == Deck.size)
    }

    @Test func theAuditFindsACardLostOrDealtTwice() throws {
        var generator = SplitMix64(seed: 7)
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("ann"), name: "Ann"))
        _ = try table.join(PlayerInfo(id: PlayerID("bob"), name: "Bob"))
        _ = try table.perform(.startRound(by: try #require(table.host)), using: &generator)
        #expect(table.cardsAccountedFor)
        let seat = try #require(table.occupiedSeats.first)
        let index = Int(seat.rawValue)

        var lost = table
        _ = lost.players[index]!.closed.takeTop()
        #expect(!lost.cardsAccountedFor, "51 cards")

        var twice = table
        let taken = twice.players[index]!.closed.takeTop()
        let card = try #require(taken)
        #expect(twice.players[index]!.closed.takeTop() != nil)
        twice.players[index]!.open.putOnTop(card)
        twice.players[index]!.open.putOnTop(card)
        #expect(!twice.cardsAccountedFor, "52 cards, one of them twice and one missing")
    }
}
