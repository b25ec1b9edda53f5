import Testing
@testable import SnapCore

@Suite struct LeavingTests {
    @Test func leaversCardsAreHandedOutOneAtATimeClockwiseFaceDownUnderClosedPiles() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "3C 4C 5C", open: "6C 7C"),
            Hand(seat: .top, closed: "8C"),
            Hand(seat: .right, closed: ""),
        ], active: .bottom, fillUp: false)
        let events = try table.leave(.left)
        // Closed from the top (5C, 4C, 3C), then open from the top (7C, 6C); the right seat is out.
        #expect(events == [.playerLeft(.left, handedOutTo: [.top, .bottom, .top, .bottom, .top])])
        #expect(table.closed(.top) == cards("6C 3C 5C 8C"))
        #expect(table.closed(.bottom) == cards("7C 4C 2C"))
        #expect(table[.left] == nil)
        #expect(table.cardsAccountedFor)
    }

    @Test func activePlayerLeavingActivatesTheNextPlayer() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "3C"),
            Hand(seat: .top, closed: "8C"),
        ], active: .left, hasTurned: true)
        let events = try table.leave(.left)
        #expect(events.last == .activated(.top))
        #expect(table.pendingStep == nil)
        #expect(table.activeSeat == .top)
    }

    @Test func lastPlayerWithCardsWinsWhenTheOthersLeave() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C"),
            Hand(seat: .left, closed: "3C"),
            Hand(seat: .top, closed: "8C"),
        ], active: .left)
        _ = try table.leave(.left)
        let events = try table.leave(.bottom)
        #expect(events.suffix(1) == [.roundWon(.top, gamesWon: 1)])
        #expect(table.phase == .roundOver(winner: .top))
        #expect(table[.top]!.cardCount == 52)
    }

    @Test func hostLeavingPassesTheHostRoleClockwise() throws {
        var table = tableWith(4)
        #expect(try table.leave(.bottom) == [.playerLeft(.bottom, handedOutTo: []), .hostChanged(.left)])
        #expect(table.host == .left)
        _ = try table.leave(.top)
        #expect(table.host == .left)
        _ = try table.leave(.left)
        #expect(table.host == .right)
        #expect(try table.leave(.right) == [.playerLeft(.right, handedOutTo: []), .hostChanged(nil)])
        #expect(table.cardsAccountedFor)
    }

    @Test func theHostRoleSkipsComputerPlayers() throws {
        var table = Table()
        _ = try table.join(PlayerInfo(id: PlayerID("ann"), name: "Ann"))
        _ = try table.join(PlayerInfo(id: PlayerID("lucy"), name: "Lucy", isComputer: true))  // top
        _ = try table.join(PlayerInfo(id: PlayerID("ray"), name: "Ray", isComputer: true))  // left
        _ = try table.join(PlayerInfo(id: PlayerID("zoe"), name: "Zoe"))  // right
        #expect(try table.leave(.bottom).last == .hostChanged(.right))
    }

    @Test func twoPlayersLeavingAtTheSameMomentLoseNoCards() throws {
        var generator = SplitMix64(seed: 11)
        var table = tableWith(4)
        _ = try table.startRound(by: .bottom, using: &generator)
        _ = try table.step(.finishDeal)
        _ = try table.leave(.left)
        _ = try table.leave(.right)
        #expect(table.cardsAccountedFor)
        #expect(table[.bottom]!.cardCount + table[.top]!.cardCount == 52)
        #expect(table.phase == .playing)
    }

    @Test func leavingWhileACallIsSettledLetsTheTableResume() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .left, closed: "3C", open: "5H"),
            Hand(seat: .top, closed: "8C"),
        ], active: .left, hasTurned: true)
        _ = try table.callSnap(by: .top)
        _ = try table.leave(.left)  // a matching player and the active one
        let moved = try table.step(.moveCards)
        #expect(moved == [.pileCollected(from: .bottom, to: .top, count: 1)])
        #expect(try table.step(.resume) == [.resumed, .activated(.top)])
        #expect(table.cardsAccountedFor)
    }

    @Test func callerLeavingWhileTheirCallIsShownMovesNothing() throws {
        var table = playingTable([
            Hand(seat: .bottom, closed: "2C", open: "5C"),
            Hand(seat: .left, closed: "3C", open: "5H"),
            Hand(seat: .top, closed: "8C"),
        ], active: .bottom)
        _ = try table.callSnap(by: .top)
        _ = try table.leave(.top)
        #expect(try table.step(.moveCards) == [])
        #expect(table.cardsAccountedFor)
    }

    @Test func leavingDuringTheDealSkipsTheLeaverWhenPlayStarts() throws {
        var generator = SplitMix64(seed: 2)
        var table = tableWith(3)
        _ = try table.startRound(by: .bottom, using: &generator)
        let starter = table.startingSeat!
        _ = try table.leave(starter)
        let events = try table.step(.finishDeal)
        #expect(events.count == 2)
        #expect(table.activeSeat != starter)
        #expect(table.cardsAccountedFor)
    }

    @Test func leavingAnEmptySeatIsRefused() {
        var table = tableWith(2)
        #expect(throws: TableError.notSeated) { try table.leave(.left) }
    }
}
