import Testing
@testable import SnapCore

@Suite struct SeatTests {
    @Test func hostSitsAtBottomAndOthersFollowTheLayout() {
        #expect(tableWith(1).occupiedSeats == [.bottom])
        #expect(tableWith(2).occupiedSeats == [.bottom, .top])
        #expect(tableWith(3).occupiedSeats == [.bottom, .left, .top])
        #expect(tableWith(4).occupiedSeats == [.bottom, .left, .top, .right])
        #expect(tableWith(4).host == .bottom)
    }

    @Test func singlePlayerTableSeatsRayLeftLucyTopSteveRight() {
        let table = Table.singlePlayer(PlayerInfo(id: PlayerID("me"), name: "Me"))
        #expect(table[.bottom]?.info.name == "Me")
        #expect(table[.left]?.info.name == "Ray")
        #expect(table[.top]?.info.name == "Lucy")
        #expect(table[.right]?.info.name == "Steve")
        #expect(table[.left]!.info.isComputer && !table[.bottom]!.info.isComputer)
    }

    /// A person called Lucy or Ray once got only two opponents; the clashing one is replaced in its own seat.
    @Test func aPersonWithAComputersNameStillGetsThreeOpponents() {
        let lucy = Table.singlePlayer(PlayerInfo(id: PlayerID("me"), name: "Lucy"))
        #expect(lucy.occupiedSeats.count == 4)
        #expect([lucy[.left]?.info.name, lucy[.top]?.info.name, lucy[.right]?.info.name] == ["Ray", "Ann", "Steve"])
        #expect(lucy[.top]!.info.isComputer && !lucy[.bottom]!.info.isComputer)
        let ray = Table.singlePlayer(PlayerInfo(id: PlayerID("me"), name: "ray"))
        #expect([ray[.left]?.info.name, ray[.top]?.info.name, ray[.right]?.info.name] == ["Ann", "Lucy", "Steve"])
    }

    @Test func addedComputersTakeTheFirstFreeName() {
        #expect(Table.nextComputer(besides: ["Ann"])?.name == "Ray")
        #expect(Table.nextComputer(besides: ["RAY", "Jo"])?.name == "Lucy")
        #expect(Table.nextComputer(besides: Table.computerNames) == nil)
    }

    @Test func everyViewerSeesThemselvesAtTheBottom() {
        for viewer in Seat.allCases {
            #expect(viewer.shown(from: viewer) == .bottom)
            #expect(viewer.next.shown(from: viewer) == .left)
            #expect(viewer.next.next.shown(from: viewer) == .top)
            #expect(viewer.next.next.next.shown(from: viewer) == .right)
        }
        #expect(Seat.bottom.shown(from: .top) == .top)
        #expect(Seat.left.shown(from: .right) == .top)
    }

    @Test func clockwiseOrderEndsWithTheSeatItself() {
        #expect(Seat.left.clockwiseAfter == [.top, .right, .bottom, .left])
        #expect(Seat.right.next == .bottom)
    }

    @Test func seatsAreRearrangedBetweenRoundsWhenAPlayerLeft() throws {
        var table = tableWith(3)  // Ann bottom, Lucy left, Ray top
        let ray = table.seat(of: PlayerID("ray"))!
        #expect(ray == .top)
        _ = try table.leave(.top)
        #expect(table.occupiedSeats == [.bottom, .left])
        var generator = SplitMix64(seed: 1)
        let events = try table.startRound(by: .bottom, using: &generator)
        #expect(events.first == .seatsRearranged([SeatMove(from: .left, to: .top)]))
        #expect(table.occupiedSeats == [.bottom, .top])
    }

    @Test func newHostMovesToTheBottomBetweenRounds() throws {
        var table = tableWith(3)
        _ = try table.leave(.bottom)
        #expect(table.host == .left)
        _ = try table.join(PlayerInfo(id: PlayerID("zoe"), name: "Zoe"))
        #expect(table.host == .bottom)
        #expect(table[.bottom]?.info.name == "Lucy")
        #expect(table.occupiedSeats == [.bottom, .left, .top])
    }
}
