import Testing
@testable import SnapCore

@Suite struct MatchTests {
    func table(_ tops: [String]) -> Table {
        let seats: [Seat] = [.bottom, .left, .top, .right]
        return playingTable(
            zip(seats, tops).map { Hand(seat: $0, closed: "", open: $1) }, active: .bottom, fillUp: false)
    }

    @Test func twoOfAKindMatches() {
        #expect(table(["5C", "5H", "7S", "9D"]).matchingSeats() == [.bottom, .left])
    }

    @Test func threeOfAKindLeavesTheOddPileOut() {
        #expect(table(["5C", "5H", "5S", "9D"]).matchingSeats() == [.bottom, .left, .top])
    }

    @Test func fourOfAKindMatchesEveryone() {
        #expect(table(["5C", "5H", "5S", "5D"]).matchingSeats() == [.bottom, .left, .top, .right])
    }

    @Test func twoPairsMatchBothPairs() {
        #expect(table(["5C", "9H", "5S", "9D"]).matchingSeats() == [.bottom, .left, .top, .right])
    }

    @Test func suitsDoNotMatterAndDifferentValuesDoNotMatch() {
        #expect(table(["5C", "6C", "7C", "8C"]).matchingSeats().isEmpty)
        #expect(table(["KC", "KH"]).matchingSeats().count == 2)
    }

    @Test func onlyTopCardsCount() {
        #expect(table(["5C 9H", "5H 2S"]).matchingSeats().isEmpty)
    }

    @Test func matchingSeatsAreListedClockwiseFromTheCaller() {
        #expect(table(["5C", "9H", "5S", "9D"]).matchingSeats(from: .top) == [.top, .right, .bottom, .left])
    }
}
