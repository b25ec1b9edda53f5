import Testing
@testable import SnapCore

@Suite struct DealCodeTests {
    @Test func aCodeIsShownAsTwoGroupsOfFourAndReadBack() throws {
        let code = DealCode(value: 661_026_212_573)!
        #expect(code.description == "K7M3-Q2PX")
        #expect(try DealCode(parsing: "K7M3-Q2PX") == code)
        #expect(DealCode(value: 0)!.description == "0000-0000")
        #expect(DealCode(value: DealCode.limit - 1)!.description == "ZZZZ-ZZZZ")
        #expect(DealCode(value: DealCode.limit) == nil)
    }

    @Test func everyCodeReadsBackAsItself() throws {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let code = DealCode(drawingFrom: &generator)
            #expect(code.value < DealCode.limit)
            #expect(try DealCode(parsing: code.description) == code)
        }
    }

    @Test func caseSpacesDashesAndLookalikesDoNotMatter() throws {
        let code = try DealCode(parsing: "K7M3-Q2PX")
        for typed in ["k7m3q2px", " K7M3 Q2PX ", "k7m3-q2px", "K-7-M-3-Q-2-P-X"] {
            #expect(try DealCode(parsing: typed) == code, "\(typed)")
        }
        #expect(try DealCode(parsing: "O0OO-ILil") == DealCode(parsing: "0000-1111"))
    }

    @Test func textThatIsNoCodeSaysWhy() {
        #expect(throws: DealCodeError.wrongLength(4)) { try DealCode(parsing: "K7M3") }
        #expect(throws: DealCodeError.wrongLength(9)) { try DealCode(parsing: "K7M3-Q2PXA") }
        #expect(throws: DealCodeError.wrongLength(0)) { try DealCode(parsing: " - ") }
        #expect(throws: DealCodeError.notInACode("U")) { try DealCode(parsing: "K7M3-Q2PU") }
        #expect(throws: DealCodeError.notInACode("!")) { try DealCode(parsing: "K7M3!Q2PX") }
        #expect(DealCodeError.wrongLength(4).description.contains("8 letters and digits, like K7M3-Q2PX; this has 4"))
    }

    @Test func aCodeDealsTheSameDeckEveryTimeAndEveryCodeItsOwn() {
        let code = DealCode(value: 12_345)!
        #expect(code.deck == code.deck)
        #expect(Set(code.deck) == Set(Deck.ordered))
        #expect(DealCode(value: 12_346)!.deck != code.deck)
    }

    @Test func aChosenDealGivesTwoTablesTheSameCardsWhateverTheirRandomSource() throws {
        let code = try DealCode(parsing: "K7M3-Q2PX")
        var first = tableWith(2)
        var second = tableWith(2)
        var one = SplitMix64(seed: 1)
        var other = SplitMix64(seed: 99)
        _ = try first.startRound(by: .bottom, using: &one, deal: .chosen(code))
        _ = try second.startRound(by: .bottom, using: &other, deal: .chosen(code))
        #expect(first.deal == code && second.deal == code)
        // Each pile is the deck's cards dealt in turn from the starter: the same deck, whoever starts.
        let deck = code.deck
        for table in [first, second] {
            let starter = table.startingSeat!
            let order = [starter] + starter.clockwiseAfter.filter { table[$0] != nil }
            let dealt = (0..<Deck.size).map { table.closed(order[$0 % 2])[$0 / 2] }
            #expect(dealt == deck)
        }
    }

    @Test func aDrawnDealIsReproducedByItsCode() throws {
        var table = tableWith(4)
        var generator = SplitMix64(seed: 17)
        _ = try table.startRound(by: .bottom, using: &generator)
        let code = try #require(table.deal)
        var again = tableWith(4)
        var other = SplitMix64(seed: 17)
        _ = try again.startRound(by: .bottom, using: &other, deal: .chosen(code))
        #expect(Seat.allCases.map { again[$0]?.closed.cards } == Seat.allCases.map { table[$0]?.closed.cards })
    }

    @Test func aRoundWithoutACodeShufflesFromTheTablesRandomSource() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 4)
        var copy = generator
        _ = try table.startRound(by: .bottom, using: &generator, deal: .withoutCode)
        #expect(table.deal == nil)
        _ = Int.random(in: 0..<2, using: &copy)
        let deck = Deck.shuffled(using: &copy)
        #expect(table.closed(table.startingSeat!).first == deck[0])
    }

    @Test func playersLearnTheDealOnlyOnceTheRoundIsOver() throws {
        var table = tableWith(2)
        var generator = SplitMix64(seed: 8)
        var mirror = table.view(for: .bottom)
        mirror.apply(try table.startRound(by: .bottom, using: &generator))
        let code = try #require(table.deal)
        #expect(table.view(for: .top).deal == nil && table.view(for: nil).deal == nil)
        #expect(mirror.deal == nil && mirror == table.view(for: .bottom))
        // The guest leaves: the round is over, and its deal is told, to the mirror as to the table's own view.
        let events = try table.leave(.top)
        #expect(events.last == .dealRevealed(code))
        mirror.apply(events)
        #expect(mirror.deal == code && mirror == table.view(for: .bottom))
        // The next round hides it again.
        _ = try table.join(PlayerInfo(id: PlayerID("p9"), name: "Cy", isComputer: false))
        mirror = table.view(for: .bottom)
        mirror.apply(try table.startRound(by: .bottom, using: &generator))
        #expect(mirror.deal == nil && table.view(for: .bottom).deal == nil && table.deal != code)
    }
}
