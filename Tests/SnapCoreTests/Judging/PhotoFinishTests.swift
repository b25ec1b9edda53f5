import Testing
@testable import SnapCore

/// A photo finish (RULES.md): after a call that won by less than 50 ms, head starts taken off, every call judged
/// on that card on one time line — what passed, what the judge took off for the network, the head start, the
/// reaction ranked. The races are HeadStartTests's: Ann (bottom, 5 ms away) calls 250 ms after her 9♣ showed;
/// Lucy (top, 80 ms away, `lucysHeadStart`) calls 160 ms + her reaction after it.
@Suite struct PhotoFinishTests {
    static func photoFinish(lucysReaction: Int, lucysHeadStart: Int) throws -> PhotoFinish? {
        let events = try HeadStartTests.race(lucysReaction: lucysReaction, lucysHeadStart: lucysHeadStart)
        let finishes = events.compactMap { if case .photoFinish(let finish) = $0 { finish } else { nil } }
        #expect(finishes.count <= 1, "one photo finish a verdict")
        return finishes.first
    }

    @Test func aCallThatWinsBy10msIsAPhotoFinishOfBothCalls() throws {
        let finish = try #require(try Self.photoFinish(lucysReaction: 440, lucysHeadStart: 200))
        // Lucy's call arrived 600 ms after the card showed; her claim of 440 ms stands (her network may be 170 ms),
        // and her head start makes it rank at 240 ms: 10 ms ahead of Ann's 250.
        #expect(
            finish.entries == [
                PhotoFinish.Entry(
                    seat: .top, elapsed: .milliseconds(600), reaction: .milliseconds(440), allowance: .milliseconds(170),
                    headStart: .milliseconds(200)),
                PhotoFinish.Entry(
                    seat: .bottom, elapsed: .milliseconds(260), reaction: .milliseconds(250), allowance: .milliseconds(20),
                    headStart: .zero),
            ])
        #expect(finish.margin == .milliseconds(10))
        #expect(finish.entries.map(\.network) == [.milliseconds(160), .milliseconds(10)])
        #expect(finish.entries.map(\.ranking) == [.milliseconds(240), .milliseconds(250)])
    }

    @Test func itComesRightAfterTheCallsTimingAndChangesNothing() throws {
        let events = try HeadStartTests.race(lucysReaction: 440, lucysHeadStart: 200)
        let timed = try #require(events.firstIndex { if case .callTimed = $0 { true } else { false } })
        let finish = try #require(events.firstIndex { if case .photoFinish = $0 { true } else { false } })
        #expect(finish > timed)
        // Between them only the verdicts of the other calls: the cards move after.
        #expect(events[timed + 1..<finish].allSatisfy { if case .snapCalled(_, .tooLate) = $0 { true } else { false } })
        var view = try HeadStartTests.turned(lucys: 200).table.view(for: .bottom)
        let before = view
        view.apply(.photoFinish(PhotoFinish(entries: [])))
        #expect(view == before)
    }

    @Test func aMarginOf49msIsCloseAnd50msIsNot() throws {
        #expect(try Self.photoFinish(lucysReaction: 401, lucysHeadStart: 200)?.margin == .milliseconds(49))
        #expect(try Self.photoFinish(lucysReaction: 400, lucysHeadStart: 200) == nil)
        // A tie, head start against reaction, is the closest of all.
        #expect(try Self.photoFinish(lucysReaction: 450, lucysHeadStart: 200)?.margin == .zero)
    }

    @Test func aCallNobodyElseMatchedInTimeHasNone() throws {
        #expect(try Self.photoFinish(lucysReaction: 400, lucysHeadStart: 0) == nil)
    }

    @Test func theJudgeKeepsEachCallsAllowanceWithinTheBound() {
        var judge = CallJudge(shownAt: .seconds(1), maximumCompensation: .milliseconds(200))
        judge.add(
            seat: .left, arrival: .milliseconds(1_700), claim: .milliseconds(300),
            allowance: NetworkAllowance(typical: .milliseconds(300), most: .milliseconds(450)))
        judge.add(seat: .top, arrival: .milliseconds(1_320), claim: .milliseconds(310), allowance: .none)
        let finish = judge.photoFinish(of: judge.ranked)
        // Left's network may be 450 ms, but the judge never takes off more than 200: 700 − 200 = 500 ms credited.
        #expect(finish == nil, "500 ms against 320 ms is no close call")
        #expect(judge.ranked.map(\.allowance) == [.zero, .milliseconds(200)])
        // Top has no network: its reaction is all the time that passed, whatever it claims.
        #expect(judge.ranked.map(\.reaction) == [.milliseconds(320), .milliseconds(500)])
    }
}
