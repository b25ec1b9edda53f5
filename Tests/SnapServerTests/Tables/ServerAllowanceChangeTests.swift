import SnapCore
import SnapProtocol
import SnapServerTestSupport
import SnapTestSupport
import Testing

@testable import SnapServer

/// A table follows its seats' networks as they are measured during play, not only as they were when they sat down:
/// a round trip measured after the deal moves how long a verdict waits for that player.
@Suite struct ServerAllowanceChangeTests {
    typealias Judging = ServerJudgingTests

    @Test(arguments: [false, true])
    func aRoundTripMeasuredDuringPlayMovesTheVerdictsWait(slowLastPong: Bool) async throws {
        let (server, clock) = Judging.start()
        let ann = try await Judging.signIn("Ann", on: server, clock: clock, roundTrip: .milliseconds(10))
        // Bob answers all but the last warm-up ping at once, as a near network would; the last waits.
        let socket = try await server.connect()
        await socket.send(.hello(version: 2))
        await socket.send(.signInResponse(name: "Bob"))
        guard case .welcome(_, let id, _) = try await socket.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { throw TimedOut(what: "welcome") }
        var last: UInt64 = 0
        for ping in 0..<ConnectionNetwork.warmUpPings {
            try await server.wait("ping \(ping + 1)") { socket.frames.count { if case .ping = $0.packet { true } else { false } } > ping }
            guard case .ping(let value) = socket.frames.last(where: { if case .ping = $0.packet { true } else { false } })?.packet
            else { throw TimedOut(what: "a ping") }
            last = value
            guard ping < ConnectionNetwork.warmUpPings - 1 else { break }
            clock.advance(by: .milliseconds(10))
            await socket.send(.pong(value))
        }
        let bob = Judging.Player(socket: socket, id: id)
        try await Judging.synced(socket)
        try await Judging.seatAndTurn(clock, ann, bob)
        // The last pong, now: measured after the deal it is by far the longest of Bob's round trips; a forged one
        // (the control) measures nothing.
        await socket.send(.pong(slowLastPong ? last : last ^ 1))
        try await Judging.synced(socket)
        // The next card: whoever is active turns it.
        try await server.advance(by: .seconds(1))
        let cards = { ann.socket.frames.count { if case .cardTurned = $0.packet { true } else { false } } }
        guard case .activatePlayer(let active)? = ann.socket.frames.last(where: { if case .activatePlayer = $0.packet { true } else { false } })?.packet
        else { throw TimedOut(what: "the second turn") }
        await (active == ann.id ? ann : bob).socket.send(.clientTurnedCard)
        try await server.wait("the second card") { cards() == 2 }
        clock.advance(by: .milliseconds(260))
        await ann.socket.send(.callSnap(reaction: 250_000))
        try await Judging.synced(ann.socket)
        try await server.advance(by: .milliseconds(100))
        let judged = ann.socket.frames.contains { if case .playerCalledSnap = $0.packet { true } else { false } }
        // Measured before the deal alone, Bob's network allowed 20 ms: the verdict would be out. His last round trip
        // (the whole deal long) holds it for as long as the judge lets a network count.
        #expect(judged == !slowLastPong)
        try await server.advance(by: .seconds(3))
        let (caller, _) = try await Judging.verdict(ann, on: server)
        #expect(caller == ann.id)
        await server.stop()
    }
}
