import Testing
@testable import SnapCore

@Suite struct DeckTests {
    @Test func deckHasFiftyTwoDistinctCardsWithThirteenValuesPerSuit() {
        #expect(Deck.ordered.count == 52)
        #expect(Set(Deck.ordered).count == 52)
        for suit in Suit.allCases {
            #expect(Deck.ordered.filter { $0.suit == suit }.map(\.value) == Array(1...13))
        }
    }

    @Test func sameSeedGivesSameShuffleAndOtherSeedsDiffer() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        var c = SplitMix64(seed: 43)
        let first = Deck.shuffled(using: &a)
        #expect(first == Deck.shuffled(using: &b))
        #expect(first != Deck.shuffled(using: &c))
        #expect(Set(first) == Set(Deck.ordered))
    }

    @Test func shuffleIsRoughlyUniform() {
        // Where the ace of clubs lands over many shuffles: every position about equally often.
        var generator = SplitMix64(seed: 7)
        var positions = [Int](repeating: 0, count: 52)
        let shuffles = 52_000
        for _ in 0..<shuffles {
            positions[Deck.shuffled(using: &generator).firstIndex(of: card("AC"))!] += 1
        }
        #expect(positions.allSatisfy { (800...1200).contains($0) })
    }

    @Test func cardNamesAndValidation() {
        #expect(card("10H").description == "10♥")
        #expect(card("AS").rank == "A")
        #expect(card("KD").value == 13)
        #expect(Card(suit: .clubs, value: 0) == nil)
        #expect(Card(suit: .clubs, value: 14) == nil)
        #expect(Suit.hearts.isRed && Suit.diamonds.isRed && !Suit.clubs.isRed && !Suit.spades.isRed)
    }

    @Test func pileRecyclingPutsFirstTurnedCardOnTopAgain() {
        var open = Pile(bottomToTop: cards("2C 3C 4C"))  // 2C was turned first
        var closed = Pile()
        closed.putUnderneath(open.takeAllTurnedOver())
        #expect(open.isEmpty)
        #expect(closed.top == card("2C"))
        #expect(closed.cards == cards("4C 3C 2C"))
    }
}
