import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// Calls judged by reaction time on a whole server in process, driven by its manual clock: the test plays each
/// player's network by moving the clock before answering the server's pings and before each call arrives.
@Suite struct ServerJudgingTests {
    /// A player on a bare WebSocket.
    struct Player {
        let socket: InProcessSocket
        let id: PlayerID
    }

    /// A server whose clock only moves when the test says.
    static func start(judging: JudgingRule = .standard) -> (InProcessServer, ManualServerClock) {
        let server = InProcessServer.start { $0.judging = judging }
        return (server, server.clock)
    }

    /// Signs a player in and answers the warm-up pings as a network with this round trip would (`answer` may
    /// change the value, as a forging client does). Version 1 sends no Hello; with no round trip it never
    /// answers a ping.
    static func signIn(
        _ name: String, on server: InProcessServer, clock: ManualServerClock, version: UInt8 = 2, roundTrip: Duration?,
        answer: (UInt64) -> UInt64 = { $0 }
    ) async throws -> Player {
        let socket = try await server.connect()
        if version >= 2 { await socket.send(.hello(version: version)) }
        await socket.send(.signInResponse(name: name))
        guard case .welcome(_, let id, _) = try await socket.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { throw TimedOut(what: "welcome") }
        for _ in 0..<ConnectionNetwork.warmUpPings {
            guard let roundTrip else { break }
            guard case .ping(let value) = try await socket.waitFor("a ping", { if case .ping = $0 { true } else { false } })
            else { break }
            clock.advance(by: roundTrip)
            await socket.send(.pong(answer(value)))
            // A forged answer brings no next ping: stop after the first.
            if answer(value) != value { break }
        }
        try await synced(socket)
        return Player(socket: socket, id: id)
    }

    /// Waits until the server has handled everything `socket` sent so far (it answers in order).
    static func synced(_ socket: InProcessSocket) async throws {
        await socket.send(.listTables)
        try await socket.waitFor("the table list") { if case .tableList = $0 { true } else { false } }
    }

    /// Ann (near) hosts, Bob (far) joins, the round starts and the first card is turned; returns both players.
    static func firstCard(
        _ server: InProcessServer, _ clock: ManualServerClock, near: Duration, far: Duration,
        farAnswer: @escaping (UInt64) -> UInt64 = { $0 }
    ) async throws -> (ann: Player, bob: Player) {
        let ann = try await signIn("Ann", on: server, clock: clock, roundTrip: near)
        let bob = try await signIn("Bob", on: server, clock: clock, roundTrip: far, answer: farAnswer)
        try await seatAndTurn(clock, ann, bob)
        return (ann, bob)
    }

    /// `ann` hosts, `bob` joins, the round starts and the first card is turned.
    static func seatAndTurn(_ clock: ManualServerClock, _ ann: Player, _ bob: Player) async throws {
        await ann.socket.send(.hostTable(solo: false))
        guard case .tableJoined(let code, _) = try await ann.socket.waitFor("the table", { if case .tableJoined = $0 { true } else { false } })
        else { throw TimedOut(what: "the table") }
        await bob.socket.send(.joinTable(code: code))
        try await bob.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        await ann.socket.send(.startRound)
        try await ann.socket.waitFor("the deal") { if case .dealCards = $0 { true } else { false } }
        clock.advance(by: .seconds(2))
        guard case .activatePlayer(let active) = try await ann.socket.waitFor("the first turn", { if case .activatePlayer = $0 { true } else { false } })
        else { throw TimedOut(what: "the first turn") }
        await (active == ann.id ? ann : bob).socket.send(.clientTurnedCard)
        try await ann.socket.waitFor("the card") { if case .cardTurned = $0 { true } else { false } }
        try await bob.socket.waitFor("the card") { if case .cardTurned = $0 { true } else { false } }
    }

    /// The judged call's caller and its timing, as this player's socket saw them (whenever they came).
    static func verdict(_ player: Player, on server: InProcessServer) async throws -> (caller: PlayerID, timing: Packet) {
        var verdict: (caller: PlayerID, timing: Packet)?
        try await server.wait("the verdict") {
            let packets = player.socket.frames.map(\.packet)
            if let timing = packets.first(where: { if case .callTiming = $0 { true } else { false } }),
                case .playerCalledSnap(let caller, _)? = packets.first(where: {
                    if case .playerCalledSnap(_, let verdict) = $0 { verdict != .tooLate } else { false }
                })
            {
                verdict = (caller, timing)
            }
            return verdict != nil
        }
        return try #require(verdict)
    }

    /// `caller` calls `after` the card claiming `claim` µs, alone; the verdict and timing `watcher` saw, once
    /// the clock has moved past any wait.
    static func lonelyCall(
        _ caller: Player, after: Duration, claim: UInt32, on server: InProcessServer, watcher: Player
    ) async throws -> (caller: PlayerID, timing: Packet) {
        let clock = server.clock
        clock.advance(by: after)
        await caller.socket.send(.callSnap(reaction: claim))
        try await synced(caller.socket)
        clock.advance(by: .milliseconds(50))
        return try await verdict(watcher, on: server)
    }

    /// Ann is 5 ms away and took 250 ms; Bob is 80 ms away and took 200 ms, so his call arrives 100 ms after hers.
    static func race(_ server: InProcessServer, _ clock: ManualServerClock) async throws -> (caller: PlayerID, timing: Packet, ann: Player, bob: Player) {
        let (ann, bob) = try await firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(160))
        clock.advance(by: .milliseconds(260))
        await ann.socket.send(.callSnap(reaction: 250_000))
        try await synced(ann.socket)
        clock.advance(by: .milliseconds(100))
        await bob.socket.send(.callSnap(reaction: 200_000))
        let (caller, timing) = try await verdict(ann, on: server)
        return (caller, timing, ann, bob)
    }

    @Test func theFasterReactionWinsOverTheNearerPlayer() async throws {
        let (server, clock) = Self.start()
        let (caller, timing, ann, bob) = try await Self.race(server, clock)
        #expect(caller == bob.id)
        guard case .callTiming(_, let reaction, let margin) = timing else { return }
        #expect(reaction == 200_000)
        #expect(margin == 50_000)
        try await ann.socket.waitFor("Ann too late") { $0 == .playerCalledSnap(id: ann.id, verdict: .tooLate) }
        await server.stop()
    }

    @Test func byArrivalTheNearerPlayerWinsTheSameRace() async throws {
        let (server, clock) = Self.start(judging: .arrival)
        let (caller, _, ann, _) = try await Self.race(server, clock)
        #expect(caller == ann.id)
        // Judged on arrival: the verdict waited for nothing.
        #expect(Self.judgingWait(server) == JudgingWait(count: 1, seconds: 0))
        await server.stop()
    }

    @Test func theVerdictWaitsForAFarPlayerOnlyAsLongAsTheyCouldStillWin() async throws {
        let (server, clock) = Self.start()
        let (ann, _) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(160))
        clock.advance(by: .milliseconds(260))
        await ann.socket.send(.callSnap(reaction: 250_000))
        try await Self.synced(ann.socket)
        // Bob could prove a faster reaction until 250 ms + his allowance (170 ms) after the card.
        try await server.advance(by: .milliseconds(150))
        #expect(!(ann.socket.frames.contains { if case .playerCalledSnap = $0.packet { true } else { false } }))
        clock.advance(by: .milliseconds(20))
        let (caller, timing) = try await Self.verdict(ann, on: server)
        #expect(caller == ann.id)
        #expect(timing == .callTiming(seat: .bottom, reaction: 250_000, margin: nil))
        // The server counts how long the verdict waited: from Ann's call until it went out (the clock's 170 ms).
        #expect(Self.judgingWait(server) == JudgingWait(count: 1, seconds: 0.17))
        await server.stop()
    }

    /// What `snap_judging_wait_seconds` counted: verdicts, and their waits' sum (to the microsecond).
    struct JudgingWait: Equatable {
        var count: Int
        var seconds: Double
    }

    /// `snap_judging_wait_seconds`'s count and sum, as `/metrics` shows them.
    static func judgingWait(_ server: InProcessServer) -> JudgingWait? {
        let samples = Dictionary(
            server.metrics.split(separator: "\n").compactMap { line -> (String, Double)? in
                let parts = line.split(separator: " ")
                guard parts.count == 2, let value = Double(parts[1]) else { return nil }
                return (String(parts[0]), value)
            }, uniquingKeysWith: { first, _ in first })
        guard let count = samples["snap_judging_wait_seconds_count"], let sum = samples["snap_judging_wait_seconds_sum"]
        else { return nil }
        return JudgingWait(count: Int(count), seconds: (sum * 1_000_000).rounded() / 1_000_000)
    }

    @Test func aClaimFasterThanTheNetworkAllowsIsRaised() async throws {
        let (server, clock) = Self.start()
        let (ann, _) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(10))
        clock.advance(by: .milliseconds(300))
        await ann.socket.send(.callSnap(reaction: 0))
        let (caller, timing) = try await Self.verdict(ann, on: server)
        #expect(caller == ann.id)
        // 300 ms passed; at most her longest round trip plus 10 ms (20 ms) can have been her network.
        #expect(timing == .callTiming(seat: .bottom, reaction: 280_000, margin: nil))
        await server.stop()
    }

    @Test func delayedPongsBuyNoMoreThanTheBound() async throws {
        let (server, clock) = Self.start()
        // Bob answers every ping a second late, to look far away, and claims he reacted in no time.
        let (ann, bob) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .seconds(1))
        let (caller, timing) = try await Self.lonelyCall(bob, after: .milliseconds(500), claim: 0, on: server, watcher: ann)
        #expect(caller == bob.id)
        // 500 ms passed: he is credited with 500 − 200 (the bound), not 0.
        #expect(timing == .callTiming(seat: .top, reaction: 300_000, margin: nil))
        await server.stop()
    }

    @Test func forgedPongsMeasureNothing() async throws {
        let (server, clock) = Self.start()
        // Bob answers the first ping with a made-up value, as if he had answered before it came.
        let (ann, bob) = try await Self.firstCard(
            server, clock, near: .milliseconds(10), far: .milliseconds(160), farAnswer: { $0 &+ 1 })
        let metrics = server.metrics
        #expect(metrics.contains("snap_ignored_pongs_total 1"))
        // With no round trip measured, nothing is taken off his call: he is credited with all that passed.
        let (caller, timing) = try await Self.lonelyCall(bob, after: .milliseconds(300), claim: 0, on: server, watcher: ann)
        #expect(caller == bob.id)
        #expect(timing == .callTiming(seat: .top, reaction: 300_000, margin: nil))
        await server.stop()
    }

    @Test func aDelayedCallGainsNothing() async throws {
        let (server, clock) = Self.start()
        // Ann truly took 200 ms but holds her call back 100 ms, still claiming 200 ms: arriving at 310 ms after a
        // 10 ms round trip, she is credited with at least 290 ms.
        let (ann, bob) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(10))
        clock.advance(by: .milliseconds(270))
        await bob.socket.send(.callSnap(reaction: 260_000))
        try await Self.synced(bob.socket)
        clock.advance(by: .milliseconds(40))
        await ann.socket.send(.callSnap(reaction: 200_000))
        try await Self.synced(ann.socket)
        clock.advance(by: .milliseconds(50))
        let (caller, timing) = try await Self.verdict(ann, on: server)
        #expect(caller == bob.id)
        #expect(timing == .callTiming(seat: .top, reaction: 260_000, margin: nil))
        await server.stop()
    }

    @Test func aReplayedCallIsJudgedAsANewCallOnTheCardOnTheTable() async throws {
        let (server, clock) = Self.start()
        let (ann, bob) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(10))
        // Bob sends the bytes of an earlier call (claiming 150 ms) only 20 ms after this card was sent. A replay is
        // a new call about the card on the table: credited with no more than the 20 ms that passed, whatever it
        // claims — an early guess like any other, judged against the cards as they are (a wrong guess pays).
        clock.advance(by: .milliseconds(20))
        await bob.socket.sendBytes(Frame(number: nil, packet: .callSnap(reaction: 150_000)).encoded())
        try await Self.synced(bob.socket)
        let (caller, timing) = try await Self.lonelyCall(ann, after: .milliseconds(200), claim: 190_000, on: server, watcher: ann)
        #expect(caller == bob.id)
        #expect(timing == .callTiming(seat: .top, reaction: 20_000, margin: nil))
        await server.stop()
    }

    @Test func aClaimOutsideTheFieldIsAMalformedPacket() async throws {
        let (server, clock) = Self.start()
        let (ann, _) = try await Self.firstCard(server, clock, near: .milliseconds(10), far: .milliseconds(10))
        await ann.socket.sendBytes(Wire.magic + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x8E, 0x03, 0x93, 0x87, 0x01])
        let message = try await ann.socket.waitForError(WireErrorCode.malformedPacket.rawValue)
        #expect(message.contains("CallSnap.reaction"))
        await server.stop()
    }

    @Test func aVersionOneClientIsJudgedByTheServersEstimateAndNeverSentCallTiming() async throws {
        let (server, clock) = Self.start()
        let ann = try await Self.signIn("Ann", on: server, clock: clock, roundTrip: .milliseconds(10))
        // An old client: no Hello; its pings come back after 40 ms.
        let player = try await Self.signIn("Old", on: server, clock: clock, version: 1, roundTrip: .milliseconds(40))
        try await Self.seatAndTurn(clock, ann, player)
        let old = player.socket
        clock.advance(by: .milliseconds(300))
        await old.send(.playerShouldSnap(id: PlayerID("ignored")))
        try await Self.synced(old)
        clock.advance(by: .milliseconds(50))
        let (_, timing) = try await Self.verdict(ann, on: server)
        // It said nothing of its reaction: its typical round trip (40 ms) is taken off the 300 ms.
        #expect(timing == .callTiming(seat: .top, reaction: 260_000, margin: nil))
        try await Self.synced(old)
        #expect(old.frames.contains { if case .playerCalledSnap = $0.packet { true } else { false } })
        #expect(!(old.frames.contains { if case .callTiming = $0.packet { true } else { false } }))
        await server.stop()
    }
}
