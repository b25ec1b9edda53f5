import SnapCore
import SnapProtocol

/// A card from a suit and a value that the test knows to be valid.
func card(_ suit: Suit, _ value: UInt8) -> Card {
    Card(suit: suit, value: value)!
}

/// Sample frames covering every packet type, several for the interesting ones, each with a stable name.
/// The golden vectors were generated from these once; the round-trip tests use them directly.
enum Samples {
    /// Named frames, at least one per packet type.
    static let named: [(name: String, frame: Frame)] = [
        ("SignInRequest", Frame(number: 0, packet: .signInRequest)),
        ("SignInResponse", Frame(number: nil, packet: .signInResponse(name: "Ann"))),
        ("SignInResponse.unicode", Frame(number: nil, packet: .signInResponse(name: "Zoë 🃏"))),
        ("SignInResponse.empty", Frame(number: nil, packet: .signInResponse(name: ""))),
        (
            "ServerReady",
            Frame(
                number: 5,
                packet: .serverReady(players: [
                    WirePlayer(id: PlayerID("p1"), name: "Ann", seat: .bottom),
                    WirePlayer(id: PlayerID("p2"), name: "Ray", seat: .left),
                    WirePlayer(id: PlayerID("p3"), name: "Lucy", seat: .top),
                ]))
        ),
        ("ServerReady.empty", Frame(number: 6, packet: .serverReady(players: []))),
        ("ClientReady", Frame(number: nil, packet: .clientReady)),
        (
            "DealCards",
            Frame(
                number: 12,
                packet: .dealCards(
                    round: 3, startingSeat: .left,
                    counts: [
                        SeatCount(seat: .bottom, count: 17), SeatCount(seat: .left, count: 18),
                        SeatCount(seat: .top, count: 17),
                    ]))
        ),
        ("ClientDealtCards", Frame(number: nil, packet: .clientDealtCards)),
        ("ActivatePlayer", Frame(number: 13, packet: .activatePlayer(id: PlayerID("p2")))),
        ("ClientTurnedCard", Frame(number: nil, packet: .clientTurnedCard)),
        ("PlayerShouldSnap", Frame(number: nil, packet: .playerShouldSnap(id: PlayerID("p1")))),
        ("PlayerCalledSnap.wrong", Frame(number: 20, packet: .playerCalledSnap(id: PlayerID("p1"), verdict: .wrong))),
        (
            "PlayerCalledSnap.tooLate",
            Frame(number: 21, packet: .playerCalledSnap(id: PlayerID("p3"), verdict: .tooLate))
        ),
        (
            "PlayerCalledSnap.correct",
            Frame(
                number: 22,
                packet: .playerCalledSnap(
                    id: PlayerID("p2"), verdict: .correct(matching: [PlayerID("p3"), PlayerID("p1")])))
        ),
        (
            "PlayerCalledSnap.correctFourOfAKind",
            Frame(
                number: 23,
                packet: .playerCalledSnap(
                    id: PlayerID("p1"),
                    verdict: .correct(matching: ["p1", "p2", "p3", "p4"].map { PlayerID($0) })))
        ),
        ("PlayerCalledSnap.falseStart", Frame(number: 24, packet: .playerCalledSnap(id: PlayerID("p2"), verdict: .falseStart))),
        (
            "OtherClientQuit",
            Frame(
                number: 30, packet: .otherClientQuit(id: PlayerID("p3"), handedOutTo: [.right, .bottom, .left, .right]))
        ),
        ("OtherClientQuit.noCards", Frame(number: 31, packet: .otherClientQuit(id: PlayerID("p4"), handedOutTo: []))),
        ("ServerQuit", Frame(number: 40, packet: .serverQuit(reason: "the server shut down"))),
        ("ClientQuit", Frame(number: nil, packet: .clientQuit)),
        ("Welcome", Frame(number: 1, packet: .welcome(version: 1, id: PlayerID("p1"), token: "t0k3n-5ecret"))),
        ("ListTables", Frame(number: nil, packet: .listTables)),
        (
            "TableList",
            Frame(
                number: 2,
                packet: .tableList([
                    TableSummary(code: "KQJT", hostName: "Ann", players: 2, seatsFree: 2, roundUnderWay: false),
                    TableSummary(code: "ACE5", hostName: "Zoë", players: 4, seatsFree: 0, roundUnderWay: true),
                ]))
        ),
        ("TableList.empty", Frame(number: 2, packet: .tableList([]))),
        ("HostTable", Frame(number: nil, packet: .hostTable(solo: false))),
        ("HostTable.solo", Frame(number: nil, packet: .hostTable(solo: true))),
        ("JoinTable", Frame(number: nil, packet: .joinTable(code: "KQJT"))),
        ("TableJoined", Frame(number: 3, packet: .tableJoined(code: "KQJT", seat: .top))),
        ("AddComputer", Frame(number: nil, packet: .addComputer)),
        ("StartRound", Frame(number: nil, packet: .startRound)),
        ("Ping", Frame(number: 50, packet: .ping(0x0102_0304_0506_0708))),
        ("Ping.max", Frame(number: 51, packet: .ping(UInt64.max))),
        ("Pong", Frame(number: nil, packet: .pong(0x0102_0304_0506_0708))),
        ("ResyncRequest", Frame(number: nil, packet: .resyncRequest)),
        ("Snapshot.waiting", Frame(number: 4, packet: .snapshot(Samples.waitingView))),
        ("Snapshot.midRound", Frame(number: 60, packet: .snapshot(Samples.midRoundView))),
        ("Snapshot.stopped", Frame(number: 61, packet: .snapshot(Samples.stoppedView))),
        ("Snapshot.roundOver", Frame(number: 62, packet: .snapshot(Samples.roundOverView))),
        ("Snapshot.abandoned", Frame(number: 64, packet: .snapshot(Samples.abandonedView))),
        ("Snapshot.watching", Frame(number: 63, packet: .snapshot(PlayerView(viewer: nil)))),
        ("Reconnect", Frame(number: nil, packet: .reconnect(token: "t0k3n-5ecret"))),
        (
            "Error.table",
            Frame(
                number: 70,
                packet: .error(code: TableError.notYourTurn.rawValue, message: TableError.notYourTurn.description))
        ),
        (
            "Error.wire",
            Frame(
                number: 71,
                packet: .error(code: WireErrorCode.unknownTable.rawValue, message: WireErrorCode.unknownTable.message))
        ),
        ("CardTurned", Frame(number: 80, packet: .cardTurned(seat: .right, card: card(.hearts, 10)))),
        ("CardTurned.aceOfClubs", Frame(number: 81, packet: .cardTurned(seat: .bottom, card: card(.clubs, 1)))),
        ("CardTurned.kingOfSpades", Frame(number: 82, packet: .cardTurned(seat: .top, card: card(.spades, 13)))),
        (
            "PlayerJoined",
            Frame(number: 90, packet: .playerJoined(seat: .top, player: PlayerInfo(id: PlayerID("p3"), name: "Lucy")))
        ),
        (
            "PlayerJoined.computer",
            Frame(
                number: 91,
                packet: .playerJoined(
                    seat: .left, player: PlayerInfo(id: PlayerID("c1"), name: "Ray", isComputer: true)))
        ),
        (
            "SeatsRearranged",
            Frame(
                number: 92,
                packet: .seatsRearranged([SeatMove(from: .right, to: .left), SeatMove(from: .top, to: .top)]))
        ),
        ("HostChanged", Frame(number: 93, packet: .hostChanged(.left))),
        ("HostChanged.nobody", Frame(number: 94, packet: .hostChanged(nil))),
        ("DealFinished", Frame(number: 95, packet: .dealFinished)),
        ("Recycled", Frame(number: 96, packet: .recycled(seat: .left, count: 9))),
        ("PileCollected", Frame(number: 97, packet: .pileCollected(from: .top, to: .bottom, count: 4))),
        ("OpenPileTurnedUnder", Frame(number: 98, packet: .openPileTurnedUnder(seat: .right, count: 3))),
        ("CardPaid", Frame(number: 99, packet: .cardPaid(from: .bottom, to: .right))),
        ("PlayerOut", Frame(number: 100, packet: .playerOut(.top))),
        ("Resumed", Frame(number: 101, packet: .resumed)),
        ("RoundWon", Frame(number: 102, packet: .roundWon(seat: .left, gamesWon: 300))),
        ("RoundAbandoned", Frame(number: 103, packet: .roundAbandoned)),
        ("PlayerConnection.dropped", Frame(number: 104, packet: .playerConnection(seat: .top, connected: false))),
        ("PlayerConnection.back", Frame(number: 105, packet: .playerConnection(seat: .top, connected: true))),
        ("Hello", Frame(number: nil, packet: .hello(version: 2))),
        ("CallSnap", Frame(number: nil, packet: .callSnap(reaction: 312_500))),
        ("CallSnap.longest", Frame(number: nil, packet: .callSnap(reaction: 60_000_000))),
        ("CallTiming.margin", Frame(number: 106, packet: .callTiming(seat: .left, reaction: 241_000, margin: 12_345))),
        ("CallTiming.alone", Frame(number: 107, packet: .callTiming(seat: .top, reaction: 0, margin: nil))),
        ("ChangeSettings.quick5", Frame(number: nil, packet: .changeSettings(roundSeconds: 300, turnSeconds: 8))),
        ("ChangeSettings.classicNoTimer", Frame(number: nil, packet: .changeSettings(roundSeconds: 0, turnSeconds: 0))),
        ("TableSettings.quick3", Frame(number: 110, packet: .tableSettings(roundSeconds: 180, turnSeconds: 8))),
        ("TableSettings.classic", Frame(number: 111, packet: .tableSettings(roundSeconds: 0, turnSeconds: 0))),
        ("RoundClock.fiveMinutes", Frame(number: 112, packet: .roundClock(remaining: 300_000))),
        ("TurnClock.top", Frame(number: 113, packet: .turnClock(seat: .top, remaining: 8_000))),
        ("TimeUp", Frame(number: 114, packet: .timeUp)),
        ("SuddenDeath.two", Frame(number: 115, packet: .suddenDeath([.bottom, .top]))),
        ("SuddenDeath.four", Frame(number: 116, packet: .suddenDeath([.bottom, .left, .top, .right]))),
        ("WatchTable", Frame(number: nil, packet: .watchTable(code: "KQJT"))),
        ("TableWatched", Frame(number: 0, packet: .tableWatched(code: "KQJT"))),
        ("Snapshot.watchingMidRound", Frame(number: 1, packet: .snapshot(watchingView))),
        ("WatcherCount", Frame(number: 117, packet: .watcherCount(3))),
        ("WatcherCount.many", Frame(number: 118, packet: .watcherCount(300))),
        ("TableClosed", Frame(number: 119, packet: .tableClosed(reason: "Everyone has left the table: it is closed."))),
        ("Redirect", Frame(number: 3, packet: .redirect(url: "ws://10.0.0.7:8080/ws", code: "KQJT"))),
        ("Redirect.secure", Frame(number: 120, packet: .redirect(url: "wss://snap.example.org/ws", code: "ZXCV"))),
        ("SetHeadStart", Frame(number: 121, packet: .setHeadStart(seat: .top, milliseconds: 200))),
        ("HeadStarts", Frame(number: 122, packet: .headStarts(milliseconds: [0, 100, 500, 0]))),
        ("HeadStarts.none", Frame(number: 123, packet: .headStarts(milliseconds: [0, 0, 0, 0]))),
        ("TableAccess", Frame(number: 124, packet: .tableAccess(flags: 3))),
        ("TableAccess.open", Frame(number: 125, packet: .tableAccess(flags: 0))),
        ("SetTableAccess", Frame(number: 126, packet: .setTableAccess(flags: 1))),
        ("RemovePlayer", Frame(number: 127, packet: .removePlayer(seat: .top))),
        ("StartRoundWithDeal", Frame(number: 128, packet: .startRoundWithDeal(DealCode(value: 661_026_212_573)!))),
        ("RoundDeal", Frame(number: 129, packet: .roundDeal(DealCode(value: 1)!))),
        ("RoundDeal.largest", Frame(number: 130, packet: .roundDeal(DealCode(value: DealCode.limit - 1)!))),
        ("PhotoFinish", Frame(number: 131, packet: .photoFinish(photoFinish))),
        ("PhotoFinish.four", Frame(number: 132, packet: .photoFinish(photoFinishOfFour))),
        ("NetworkTimeRequest", Frame(number: nil, packet: .networkTimeRequest(seat: .left))),
        (
            "NetworkTime",
            Frame(
                number: 133,
                packet: .networkTime(
                    NetworkTime(
                        seat: .left, source: .measured, median: .microseconds(41_500), mostTakenOff: .microseconds(62_250),
                        samples: 16)))
        ),
        ("NetworkTime.computer", Frame(number: 134, packet: .networkTime(NetworkTime(seat: .top, source: .noNetwork)))),
        ("Turn", Frame(number: 135, packet: .turn(seat: .left))),
        (
            "SnapJudged.correct",
            Frame(
                number: 136,
                packet: .snapJudged(
                    SnapCall(seat: .top, verdict: .correct(matching: [.top, .left])), reaction: 180_500,
                    margin: 42_500))
        ),
        (
            "SnapJudged.wrong",
            Frame(number: 137, packet: .snapJudged(SnapCall(seat: .bottom, verdict: .wrong), reaction: 250_000, margin: nil))
        ),
        ("Numbered.large", Frame(number: 0xFFFF_FFFE, packet: .resumed)),
    ]

    /// The frames alone.
    static var frames: [Frame] { named.map(\.frame) }

    /// A table in play, as someone watching sees it: no viewer, open piles only.
    /// A close call: Ann (bottom, a 200 ms head start) beat Lucy (top) by 42.5 ms, head start taken off.
    static var photoFinish: PhotoFinish {
        PhotoFinish(entries: [
            entry(.bottom, 212_000, 180_500, 62_250, 200), entry(.top, 95_000, 23_000, 72_000, 0),
        ])
    }

    /// Four calls, at the limits: no network, the whole bound taken off with the largest head start, a minute.
    static var photoFinishOfFour: PhotoFinish {
        PhotoFinish(entries: [
            entry(.right, 150_000, 150_000, 0, 0), entry(.left, 160_000, 152_000, 10_000, 0),
            entry(.bottom, 400_000, 200_000, 200_000, 500), entry(.top, 60_000_000, 60_000_000, 0, 100),
        ])
    }

    private static func entry(
        _ seat: Seat, _ elapsed: Int64, _ reaction: Int64, _ allowance: Int64, _ headStart: Int
    ) -> PhotoFinish.Entry {
        PhotoFinish.Entry(
            seat: seat, elapsed: .microseconds(elapsed), reaction: .microseconds(reaction),
            allowance: .microseconds(allowance), headStart: .milliseconds(headStart))
    }

    static var watchingView: PlayerView {
        var view = midRoundView
        view.viewer = nil
        return view
    }

    /// A table before the first round, seen from the top.
    static var waitingView: PlayerView {
        var view = PlayerView(viewer: .top)
        view.host = .bottom
        view[.bottom] = SeatView(info: PlayerInfo(id: PlayerID("p1"), name: "Ann"))
        view[.top] = SeatView(info: PlayerInfo(id: PlayerID("p3"), name: "Lucy"))
        return view
    }

    /// Three players in the middle of round 2, the left player active and a wrong and a late call made.
    static var midRoundView: PlayerView {
        var view = PlayerView(viewer: .bottom)
        view.phase = .playing
        view.round = 2
        view.host = .bottom
        view.startingSeat = .left
        view.active = .left
        view.hasTurned = true
        view[.bottom] = SeatView(
            info: PlayerInfo(id: PlayerID("p1"), name: "Ann"), closedCount: 14,
            open: [card(.hearts, 2), card(.clubs, 9)], gamesWon: 1)
        view[.left] = SeatView(
            info: PlayerInfo(id: PlayerID("c1"), name: "Ray", isComputer: true), closedCount: 15,
            open: [card(.spades, 13), card(.diamonds, 1), card(.hearts, 12)])
        view[.top] = SeatView(
            info: PlayerInfo(id: PlayerID("p3"), name: "Lucy"), closedCount: 18, open: [], gamesWon: 2)
        view.calls = [SnapCall(seat: .top, verdict: .wrong), SnapCall(seat: .bottom, verdict: .tooLate)]
        view.stop = SnapCall(seat: .top, verdict: .wrong)
        return view
    }

    /// Four players, a correct call of two pairs being settled.
    static var stoppedView: PlayerView {
        var view = PlayerView(viewer: .right)
        view.phase = .playing
        view.round = 7
        view.host = .left
        view.startingSeat = .top
        view.active = .bottom
        view.hasTurned = true
        view[.bottom] = SeatView(
            info: PlayerInfo(id: PlayerID("p1"), name: "Ann"), closedCount: 10, open: [card(.hearts, 5)])
        view[.left] = SeatView(
            info: PlayerInfo(id: PlayerID("p2"), name: "Ray"), closedCount: 10, open: [card(.clubs, 5)], gamesWon: 3)
        view[.top] = SeatView(
            info: PlayerInfo(id: PlayerID("p3"), name: "Lucy"), closedCount: 10, open: [card(.spades, 8)])
        view[.right] = SeatView(
            info: PlayerInfo(id: PlayerID("p4"), name: "Steve"), closedCount: 9,
            open: [card(.diamonds, 3), card(.diamonds, 8)])
        let correct = SnapCall(seat: .right, verdict: .correct(matching: [.bottom, .left, .top, .right]))
        view.calls = [correct, SnapCall(seat: .left, verdict: .tooLate)]
        view.stop = correct
        return view
    }

    /// The round is over and the top player won it with every card in hand.
    static var roundOverView: PlayerView {
        var view = PlayerView(viewer: .bottom)
        view.phase = .roundOver(winner: .top)
        view.round = 4
        view.host = .bottom
        view.startingSeat = .top
        view[.bottom] = SeatView(info: PlayerInfo(id: PlayerID("p1"), name: "Ann"), gamesWon: 1)
        view[.top] = SeatView(
            info: PlayerInfo(id: PlayerID("p3"), name: "Lucy"), closedCount: 51, open: [card(.clubs, 7)], gamesWon: 3)
        return view
    }

    /// The player holding every card left: the round ended without a winner, seen by someone watching.
    static var abandonedView: PlayerView {
        var view = PlayerView(viewer: nil)
        view.phase = .roundOver(winner: nil)
        view.round = 65535
        view.host = .right
        view.startingSeat = .right
        view[.right] = SeatView(info: PlayerInfo(id: PlayerID("p4"), name: "Steve"), gamesWon: 65535)
        return view
    }
}
