import SnapCore
import SnapProtocol
@testable import SnapServer
import Testing

/// The one decision about each message a client sends — what it asks and where it goes — without a socket.
@Suite struct RequestRouterTests {
    static let signedIn = RequestRouter.Position(signedIn: true, version: 5)
    static let seated = RequestRouter.Position(signedIn: true, seated: true, version: 5)
    static let watching = RequestRouter.Position(signedIn: true, watching: true, version: 5)

    static func router(
        limits: RequestLimits = RequestLimits(), snapCallsPerSecond: Double = 5, malformedLimit: Int = 10
    ) -> RequestRouter {
        let plan = RequestRates.plan(limits, pingInterval: .seconds(5), speed: 1, snapCallsPerSecond: snapCallsPerSecond)
        return RequestRouter(rates: RequestRates(plan), malformedLimit: malformedLimit)
    }

    static func bytes(_ packet: Packet) -> [UInt8] {
        Frame(number: nil, packet: packet).encoded()
    }

    @Test func eachRequestGoesWhereTheConnectionStands() {
        var router = Self.router()
        #expect(router.decide(Self.bytes(.hello(version: 5)), binary: true, at: .zero, from: .init()) == .route(.connection(.hello(version: 5))))
        #expect(router.decide(Self.bytes(.signInResponse(name: "Ann")), binary: true, at: .zero, from: .init()) == .route(.lobby(.signIn(name: "Ann"))))
        #expect(router.decide(Self.bytes(.joinTable(code: "ABCD")), binary: true, at: .zero, from: Self.signedIn) == .route(.lobby(.join(code: "ABCD"))))
        #expect(router.decide(Self.bytes(.clientTurnedCard), binary: true, at: .zero, from: Self.seated) == .route(.table(.act(.turnCard))))
        #expect(router.decide(Self.bytes(.resyncRequest), binary: true, at: .zero, from: Self.seated) == .route(.table(.resync)))
        #expect(router.decide(Self.bytes(.clientReady), binary: true, at: .zero, from: Self.seated) == .route(.table(.handshake)))
        #expect(router.decide(Self.bytes(.resyncRequest), binary: true, at: .zero, from: Self.watching) == .route(.watcher(.resync)))
        #expect(router.decide(Self.bytes(.clientQuit), binary: true, at: .zero, from: Self.watching) == .route(.watcher(.leave)))
        #expect(router.decide(Self.bytes(.clientTurnedCard), binary: true, at: .zero, from: Self.watching) == .route(.watcher(.needsSeat)))
        #expect(router.decide(Self.bytes(.addComputer), binary: true, at: .zero, from: Self.watching) == .route(.watcher(.needsSeat)))
    }

    @Test func whatTheConnectionCannotAskYetIsRefusedBeforeItGoesAnywhere() {
        var router = Self.router()
        #expect(router.decide(Self.bytes(.listTables), binary: true, at: .zero, from: .init()) == .refuse(.notSignedIn))
        #expect(router.decide(Self.bytes(.clientTurnedCard), binary: true, at: .zero, from: .init()) == .refuse(.notSignedIn))
        #expect(router.decide(Self.bytes(.clientTurnedCard), binary: true, at: .zero, from: Self.signedIn) == .refuse(.notAtTable))
        #expect(router.decide(Self.bytes(.signInResponse(name: "Bob")), binary: true, at: .zero, from: Self.signedIn) == .refuse(.alreadySignedIn))
        var versionThree = Self.signedIn
        versionThree.version = 3
        #expect(
            router.decide(Self.bytes(.watchTable(code: "ABCD")), binary: true, at: .zero, from: versionThree)
                == .refuse(.unexpectedPacket, message: "Watching needs protocol version 4: send Hello(4) first."))
        // A reconnection needs no name first.
        #expect(router.decide(Self.bytes(.reconnect(token: "t")), binary: true, at: .zero, from: .init()) == .route(.lobby(.reconnect(token: "t"))))
    }

    @Test func aSeatedRequestBecomesTheRulesActionOfTheSeatInOneStep() {
        let settings = TableSettings(roundLength: .standardQuick, turnTime: .seconds(8), headStarts: [.top: .milliseconds(200)])
        #expect(SeatAction.turnCard.action(for: .top, settings: settings) == .turnCard(.top))
        #expect(
            SeatAction.callSnap(reaction: .milliseconds(250)).action(for: .left, settings: settings)
                == .callSnap(.left, reaction: .milliseconds(250)))
        #expect(SeatAction.startRound(deal: nil).action(for: .bottom, settings: settings) == .startRound(by: .bottom))
        let code = DealCode(value: 7)!
        #expect(SeatAction.startRound(deal: code).action(for: .bottom, settings: settings) == .startRound(by: .bottom, deal: .chosen(code)))
        #expect(SeatAction.leave.action(for: .right, settings: settings) == .leave(.right))
        // A change of one setting keeps the others.
        #expect(
            SeatAction.changeSettings(roundLength: .classic, turnTime: nil).action(for: .bottom, settings: settings)
                == .changeSettings(TableSettings(headStarts: [.top: .milliseconds(200)]), by: .bottom))
        #expect(
            SeatAction.setHeadStart(.milliseconds(100), for: .left).action(for: .bottom, settings: settings)
                == .changeSettings(
                    TableSettings(
                        roundLength: .standardQuick, turnTime: .seconds(8),
                        headStarts: [.top: .milliseconds(200), .left: .milliseconds(100)]),
                    by: .bottom))
        var router = Self.router()
        #expect(
            router.decide(Self.bytes(.callSnap(reaction: 250_000)), binary: true, at: .zero, from: Self.seated)
                == .route(.table(.act(.callSnap(reaction: .milliseconds(250))))))
        #expect(
            router.decide(Self.bytes(.setHeadStart(seat: .top, milliseconds: 300)), binary: true, at: .zero, from: Self.seated)
                == .route(.table(.act(.setHeadStart(.milliseconds(300), for: .top)))))
        #expect(
            router.decide(Self.bytes(.headStarts(milliseconds: [0, 0, 0, 0])), binary: true, at: .zero, from: Self.seated)
                == .refuse(.unexpectedPacket, message: "That packet is one the server sends, not one it takes."))
    }

    @Test func malformedMessagesAreRefusedAndTheLastOneAllowedCloses() {
        var router = Self.router(malformedLimit: 3)
        #expect(
            router.decide([1, 2, 3], binary: false, at: .zero, from: .init())
                == .refuse(.malformedPacket, message: "Packets are binary frames; text frames are not understood."))
        #expect(
            router.decide(Self.bytes(.welcome(version: 5, id: PlayerID(rawValue: "1"), token: "t")), binary: true, at: .zero, from: .init())
                == .refuse(.unexpectedPacket, message: "That packet is one the server sends, not one it takes."))
        guard case .refuseAndClose(.malformedPacket, _) = router.decide([0x53], binary: true, at: .zero, from: .init()) else {
            Issue.record("the third malformed message should close the connection")
            return
        }
    }

    @Test func aFloodIsRefusedThenClosedButSnapCallsAreOnlyRefused() {
        var limits = RequestLimits()
        limits.turn = .init(perSecond: 1, burst: 2)
        limits.refusals = .init(perSecond: 1, burst: 1)
        var router = Self.router(limits: limits, snapCallsPerSecond: 2)
        let turn = Self.bytes(.clientTurnedCard)
        #expect(router.decide(turn, binary: true, at: .zero, from: Self.seated) == .route(.table(.act(.turnCard))))
        #expect(router.decide(turn, binary: true, at: .zero, from: Self.seated) == .route(.table(.act(.turnCard))))
        #expect(router.decide(turn, binary: true, at: .zero, from: Self.seated) == .refuse(.rateLimited, message: "Too many turn requests: slow down."))
        #expect(router.decide(turn, binary: true, at: .zero, from: Self.seated) == .close)

        let call = Self.bytes(.callSnap(reaction: 300_000))
        let routed = RequestRouter.Decision.route(.table(.act(.callSnap(reaction: .milliseconds(300)))))
        let refused = RequestRouter.Decision.refuse(.rateLimited, message: "Too many Snap! calls: slow down.")
        #expect(router.decide(call, binary: true, at: .zero, from: Self.seated) == routed)
        #expect(router.decide(call, binary: true, at: .zero, from: Self.seated) == routed)
        for _ in 0..<5 { #expect(router.decide(call, binary: true, at: .zero, from: Self.seated) == refused) }
        // Half a second later, one more call is allowed.
        #expect(router.decide(call, binary: true, at: .milliseconds(500), from: Self.seated) == routed)
        // A call from someone not seated is not counted: it is refused for where they stand.
        #expect(router.decide(call, binary: true, at: .milliseconds(500), from: Self.signedIn) == .refuse(.notAtTable))
    }

    @Test func eachKindOfRequestHasABucketOfItsOwn() {
        #expect(RequestLimits.Kind.allCases.map(\.index) == Array(0..<RequestLimits.Kind.allCases.count))
        // Each kind's limit applies to that kind alone: exhausting one leaves every other full.
        for kind in RequestLimits.Kind.allCases {
            var limits = RequestLimits()
            limits[kind] = .init(perSecond: 1, burst: 1)
            var rates = RequestRates(RequestRates.plan(limits, pingInterval: .seconds(1000), speed: 1, snapCallsPerSecond: 1))
            #expect(rates.take(kind, at: .zero) == .allowed)
            #expect(rates.take(kind, at: .zero) == .refused, "\(kind)")
            for other in RequestLimits.Kind.allCases where other != kind {
                #expect(rates.take(other, at: .zero) == .allowed, "\(other) after \(kind)")
            }
        }
    }

    /// Every bucket fills at its own rate for the time since the last request, and no further than its burst: a
    /// connection quiet for a minute gets its bursts back, not a minute's worth of requests.
    @Test func eachBucketRefillsAtItsRateUpToItsBurst() {
        var limits = RequestLimits()
        limits[.turn] = .init(perSecond: 2, burst: 3)
        limits[.lobby] = .init(perSecond: 1, burst: 1)
        var rates = RequestRates(RequestRates.plan(limits, pingInterval: .seconds(1000), speed: 1, snapCallsPerSecond: 4))
        for _ in 0..<3 { #expect(rates.take(.turn, at: .zero) == .allowed) }
        #expect(rates.take(.lobby, at: .zero) == .allowed)
        var calls: [Bool] = []
        for _ in 0..<5 { calls.append(rates.takeCall(at: .zero)) }
        #expect(calls == [true, true, true, true, false], "bursts of as many calls as a second allows")
        #expect(rates.take(.turn, at: .zero) == .refused)

        #expect(rates.take(.turn, at: .milliseconds(500)) == .allowed, "half a second at two a second: one turn")
        #expect(rates.take(.turn, at: .milliseconds(500)) == .refused)
        #expect(rates.take(.lobby, at: .milliseconds(500)) == .refused, "half a second at one a second: half a token")
        #expect(rates.take(.lobby, at: .seconds(1)) == .allowed)

        for _ in 0..<3 { #expect(rates.take(.turn, at: .seconds(60)) == .allowed) }
        #expect(rates.take(.turn, at: .seconds(60)) == .refused, "a quiet minute gives back the burst of three, no more")
        calls = []
        for _ in 0..<5 { calls.append(rates.takeCall(at: .seconds(60))) }
        #expect(calls == [true, true, true, true, false])
    }

    @Test func aWatchersRequestIsReadAsAWatchers() {
        #expect(WatcherRequest(.resync) == .resync)
        #expect(WatcherRequest(.act(.leave)) == .leave)
        #expect(WatcherRequest(.handshake) == .handshake)
        #expect(WatcherRequest(.act(.turnCard)) == .needsSeat)
        #expect(WatcherRequest(.act(.callSnap(reaction: nil))) == .needsSeat)
        #expect(WatcherRequest(.addComputer) == .needsSeat)
    }
}
