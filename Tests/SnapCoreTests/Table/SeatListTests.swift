import SnapCore
import Testing

/// The matching seats of a correct call, packed in two bytes: the same list as an array of the same seats.
@Suite struct SeatListTests {
    @Test(arguments: [[], [Seat.top], [.right, .bottom], [.left, .top, .bottom], [.bottom, .left, .top, .right],
                      [.right, .top, .left, .bottom]])
    func aListKeepsItsSeatsInOrder(seats: [Seat]) {
        let list = SeatList(seats)
        #expect(Array(list) == seats)
        #expect(list.count == seats.count)
        #expect(list.isEmpty == seats.isEmpty)
        #expect(list.description == seats.description)
    }

    @Test func listsAreEqualWhenTheirSeatsAreAndInTheSameOrder() {
        var built = SeatList()
        built.append(.top)
        built.append(.bottom)
        #expect(built == [.top, .bottom])
        #expect(built != [.bottom, .top])
        #expect(built != [.top])
        #expect(SeatList([.bottom]) != SeatList())
        #expect(Set([built, [.top, .bottom], [.bottom]]).count == 2)
    }
}
