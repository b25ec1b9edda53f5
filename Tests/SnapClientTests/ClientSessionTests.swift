import SnapCore
import SnapProtocol
import Testing

@testable import SnapClient

@Suite struct ClientSessionTests {
    private let ann = PlayerID("p-ann")

    /// A session that has signed in (packets 0 and 1) and sits at table ABCD with its snapshot (packets 2 and 3).
    private func seated() -> (ClientSession, next: UInt32) {
        var session = ClientSession(name: "Ann")
        _ = session.receive(Frame(number: 0, packet: .signInRequest))
        _ = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t0k")))
        _ = session.receive(Frame(number: 2, packet: .tableJoined(code: "ABCD", seat: .bottom)))
        _ = session.receive(Frame(number: 3, packet: .snapshot(PlayerView(viewer: .bottom))))
        return (session, 4)
    }

    @Test func signsInWithHelloAndNameWithoutAToken() {
        var session = ClientSession(name: "Ann")
        #expect(
            session.receive(Frame(number: 0, packet: .signInRequest)) == [
                .send(.hello(version: Wire.version)), .send(.signInResponse(name: "Ann")),
            ])
        let welcome = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t0k")))
        #expect(welcome == [.signedIn, .emit(.signedIn(ann))])
        #expect(session.id == ann)
        #expect(session.token == "t0k")
        #expect(!session.isSigningIn)
    }

    @Test func anOldVersionSaysNoHello() {
        var session = ClientSession(name: "Ann", protocolVersion: 1)
        #expect(session.receive(Frame(number: 0, packet: .signInRequest)) == [.send(.signInResponse(name: "Ann"))])
    }

    @Test func aKeptSeatIsTakenBackWithItsToken() {
        var session = ClientSession(name: "Ann", token: "t0k", table: "ABCD")
        #expect(
            session.receive(Frame(number: 0, packet: .signInRequest)) == [
                .send(.hello(version: Wire.version)), .send(.reconnect(token: "t0k")),
            ])
        let welcome = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "n3w")))
        #expect(welcome == [.signedIn, .emit(.reconnected)])
        #expect(session.token == "n3w")
    }

    @Test func afterADropASeatedClientReconnectsWithItsToken() {
        var (session, _) = seated()
        session.connected()
        #expect(
            session.receive(Frame(number: 0, packet: .signInRequest)) == [
                .send(.hello(version: Wire.version)), .send(.reconnect(token: "t0k")),
            ])
    }

    @Test func aSeatedClientMayGoBackAfterADropButNotAfterTheServerQuit() {
        var (session, next) = seated()
        #expect(session.mayReconnect)
        #expect(session.closedByServer(code: 1008, reason: "too many requests") == [])
        #expect(session.mayReconnect, "a 1008 for a limit is a drop like any other")
        _ = session.receive(Frame(number: next, packet: .serverQuit(reason: "The server shut down.")))
        #expect(!session.mayReconnect)
    }

    @Test func aSeatAnotherConnectionTookIsSaidAndNeverTakenBack() {
        var (session, _) = seated()
        #expect(session.closedByServer(code: 1008, reason: Wire.replacedCloseReason) == [.emit(.replaced)])
        #expect(session.replaced)
        #expect(!session.mayReconnect)
    }

    @Test func aClientWithoutASeatDoesNotReconnect() {
        var session = ClientSession(name: "Ann")
        _ = session.receive(Frame(number: 0, packet: .signInRequest))
        _ = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t0k")))
        #expect(!session.mayReconnect)
    }

    @Test func aWatcherWatchesAgainAfterADrop() {
        var session = ClientSession(name: "Ann")
        _ = session.receive(Frame(number: 0, packet: .signInRequest))
        _ = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t0k")))
        #expect(
            session.receive(Frame(number: 2, packet: .tableWatched(code: "ABCD"))) == [.emit(.watching(code: "ABCD"))])
        session.connected()
        #expect(
            session.receive(Frame(number: 0, packet: .signInRequest)) == [
                .send(.hello(version: Wire.version)), .send(.signInResponse(name: "Ann")),
            ])
        let welcome = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t1k")))
        #expect(welcome == [.signedIn, .emit(.reconnected), .send(.watchTable(code: "ABCD"))])
    }

    @Test func aGapAsksForOneResyncAndIgnoresEventsUntilTheSnapshot() {
        var (session, next) = seated()
        let event = Packet.hostChanged(.bottom)
        // Packet `next` is lost.
        #expect(session.receive(Frame(number: next + 1, packet: event)) == [.send(.resyncRequest)])
        #expect(session.receive(Frame(number: next + 2, packet: event)) == [])
        #expect(session.receive(Frame(number: next + 3, packet: .ping(7))) == [.answerPing(7)])
        #expect(session.resyncs == 1)
        var view = PlayerView(viewer: .bottom)
        view.apply([.playerJoined(.left, PlayerInfo(id: PlayerID("p-bob"), name: "Bob"))])
        #expect(session.receive(Frame(number: next + 4, packet: .snapshot(view))) == [.emit(.snapshot(view))])
        var applied = view
        applied.apply([.hostChanged(.bottom)])
        #expect(
            session.receive(Frame(number: next + 5, packet: event)) == [
                .emit(.table(applied, events: [.hostChanged(.bottom)]))
            ])
        #expect(session.view == applied)
        #expect(session.resyncs == 1)
        #expect(session.protocolErrors == 0)
    }

    @Test func anEventNamingAStrangerAsksForAResync() {
        var (session, next) = seated()
        #expect(
            session.receive(Frame(number: next, packet: .activatePlayer(id: PlayerID("p-who")))) == [
                .send(.resyncRequest)
            ])
        #expect(session.protocolErrors == 1)
        #expect(session.resyncs == 1)
    }

    @Test func aTurnedCardStartsTheReactionClock() {
        var (session, next) = seated()
        let actions = session.receive(Frame(number: next, packet: .dealFinished))
        #expect(actions.first == .startReactionClock)
        #expect(actions.count == 2)
    }

    @Test func aRedirectMovesTheRequestToTheNodeNamed() {
        var (session, _) = seated()
        session.leftTable()
        session.sending(.joinTable(code: "WXYZ"))
        #expect(
            session.receive(Frame(number: 4, packet: .redirect(url: "ws://b/ws", code: "WXYZ"))) == [
                .emit(.redirected(code: "WXYZ", url: "ws://b/ws")), .followRedirect(url: "ws://b/ws"),
            ])
        session.connected()
        #expect(
            session.receive(Frame(number: 0, packet: .signInRequest)) == [
                .send(.hello(version: Wire.version)), .send(.signInResponse(name: "Ann")),
            ])
        let welcome = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t1k")))
        #expect(welcome == [.signedIn, .emit(.signedIn(ann)), .send(.joinTable(code: "WXYZ"))])
    }

    @Test func redirectsInARowAreRefusedAfterTheMost() {
        var session = ClientSession(name: "Ann")
        _ = session.receive(Frame(number: 0, packet: .signInRequest))
        _ = session.receive(Frame(number: 1, packet: .welcome(version: Wire.version, id: ann, token: "t0k")))
        session.sending(.joinTable(code: "WXYZ"))
        for _ in 1...ClientSession.maximumRedirects {
            #expect(
                session.receive(Frame(number: nil, packet: .redirect(url: "ws://b/ws", code: "WXYZ"))).last
                    == .followRedirect(url: "ws://b/ws"))
        }
        let actions = session.receive(Frame(number: nil, packet: .redirect(url: "ws://b/ws", code: "WXYZ")))
        guard case .failWaiters(WireErrorCode.unknownTable.rawValue, let message, tableList: true) = actions.first
        else {
            Issue.record("not refused: \(actions)")
            return
        }
        #expect(actions.dropFirst() == [.emit(.refused(code: WireErrorCode.unknownTable.rawValue, message: message))])
    }

    @Test func aRedirectNobodyAskedForIsAProtocolError() {
        var (session, next) = seated()
        #expect(session.receive(Frame(number: next, packet: .redirect(url: "ws://b/ws", code: "ABCD"))) == [])
        #expect(session.protocolErrors == 1)
    }

    @Test func aRefusedSignInClosesForGood() {
        var session = ClientSession(name: "Ann")
        _ = session.receive(Frame(number: 0, packet: .signInRequest))
        #expect(
            session.receive(Frame(number: 1, packet: .error(code: 100, message: "No."))) == [
                .signInRefused(code: 100, message: "No."), .closeConnection(reason: "sign-in refused", forGood: true),
            ])
    }

    @Test func aRefusedRequestFailsItsWaiters() {
        var (session, next) = seated()
        let code = WireErrorCode.unknownTable.rawValue
        #expect(
            session.receive(Frame(number: next, packet: .error(code: code, message: "No such table."))) == [
                .failWaiters(code: code, message: "No such table.", tableList: false),
                .emit(.refused(code: code, message: "No such table.")),
            ])
        #expect(session.tableCode == "ABCD")
    }

    @Test func anUnknownTokenEndsTheTableForGood() {
        var (session, next) = seated()
        let code = WireErrorCode.unknownToken.rawValue
        #expect(
            session.receive(Frame(number: next, packet: .error(code: code, message: "Seat gone."))) == [
                .emit(.refused(code: code, message: "Seat gone.")),
                .closeConnection(reason: "seat lost", forGood: true),
            ])
        #expect(session.tableCode == nil)
        #expect(session.view == nil)
    }

    @Test func aMovingTableClosesTheConnectionToAskAgain() {
        var (session, next) = seated()
        let code = WireErrorCode.tableMoving.rawValue
        #expect(
            session.receive(Frame(number: next, packet: .error(code: code, message: "Moving."))) == [
                .closeConnection(reason: "table moving", forGood: false)
            ])
        #expect(session.tableCode == "ABCD")
    }

    @Test func undecodableBytesAreAProtocolError() {
        var session = ClientSession(name: "Ann")
        #expect(throws: (any Error).self) { try session.decode([0xFF]) }
        #expect(session.protocolErrors == 1)
    }
}
