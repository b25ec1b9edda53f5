import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// Network time on a whole server in process (ServerJudgingTests's networks, on the manual clock): anyone at a
/// table — a player or a watcher — may ask how a seat's network looks to the judge, and gets the median round trip
/// and the most the judge would take off now, or why there is none.
@Suite struct ServerNetworkTimeTests {
    typealias Judging = ServerJudgingTests

    /// The answer `socket` gets about `seat`.
    static func ask(_ socket: InProcessSocket, about seat: Seat) async throws -> NetworkTime {
        let before = socket.frames.count
        await socket.send(.networkTimeRequest(seat: seat))
        guard
            case .networkTime(let time) = try await socket.waitFor("the network time of \(seat)", {
                if case .networkTime(let time) = $0 { time.seat == seat } else { false }
            }), socket.frames.count > before
        else { throw TimedOut(what: "the network time") }
        return time
    }

    @Test func everySeatSaysHowItsNetworkIsJudged() async throws {
        let server = InProcessServer.start()
        let clock = server.clock
        // Ann answers every ping in 10 ms; Bob in 300 ms, more than the judge ever allows; Dan answers none.
        let ann = try await Judging.signIn("Ann", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(10))
        let bob = try await Judging.signIn("Bob", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(300))
        let dan = try await Judging.signIn("Dan", on: server, clock: clock, version: classicProtocolVersion, roundTrip: nil)
        await ann.socket.send(.hostTable(solo: false))
        guard case .tableJoined(let code, _) = try await ann.socket.waitFor("the table", { if case .tableJoined = $0 { true } else { false } })
        else { throw TimedOut(what: "the table") }
        for player in [bob, dan] {
            await player.socket.send(.joinTable(code: code))
            try await player.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        }
        await ann.socket.send(.addComputer)
        try await ann.socket.waitFor("the computer") { if case .playerJoined(_, let info) = $0 { info.isComputer } else { false } }
        let table = try #require(await server.table(code))
        let seats = try #require(await table.view(for: ann.id))
        func seat(_ id: PlayerID) throws -> Seat { try #require(seats.occupiedSeats.first { seats[$0]?.info.id == id }) }
        let computer = try #require(seats.occupiedSeats.first { seats[$0]!.info.isComputer })

        #expect(
            try await Self.ask(ann.socket, about: seat(ann.id))
                == NetworkTime(
                    seat: try seat(ann.id), source: .measured, median: .milliseconds(10), mostTakenOff: .milliseconds(20),
                    samples: ConnectionNetwork.warmUpPings))
        // The judge never takes off more than its bound (RULES.md: 200 ms), however far the player is.
        #expect(
            try await Self.ask(dan.socket, about: seat(bob.id))
                == NetworkTime(
                    seat: try seat(bob.id), source: .measured, median: .milliseconds(300),
                    mostTakenOff: JudgingRule.standardCompensation, samples: ConnectionNetwork.warmUpPings))
        #expect(try await Self.ask(bob.socket, about: seat(dan.id)) == NetworkTime(seat: try seat(dan.id), source: .notYetMeasured))
        #expect(try await Self.ask(bob.socket, about: computer) == NetworkTime(seat: computer, source: .noNetwork))

        // Dan drops: nothing is allowed for him until he is back.
        let dansSeat = try seat(dan.id)
        await dan.socket.drop()
        try await ann.socket.waitFor("Dan dropped") { $0 == .playerConnection(seat: dansSeat, connected: false) }
        #expect(try await Self.ask(ann.socket, about: dansSeat) == NetworkTime(seat: dansSeat, source: .disconnected))

        // A watcher may ask too.
        let cat = try await Judging.signIn("Cat", on: server, clock: clock, version: classicProtocolVersion, roundTrip: nil)
        await cat.socket.send(.watchTable(code: code))
        try await cat.socket.waitFor("Cat watching") { if case .snapshot = $0 { true } else { false } }
        #expect(try await Self.ask(cat.socket, about: seat(ann.id)).median == .milliseconds(10))
        await server.stop()
    }

    @Test func anEmptySeatIsRefusedInPlainWords() async throws {
        let server = InProcessServer.start()
        let clock = server.clock
        let ann = try await Judging.signIn("Ann", on: server, clock: clock, version: classicProtocolVersion, roundTrip: .milliseconds(10))
        await ann.socket.send(.hostTable(solo: false))
        try await ann.socket.waitFor("the table") { if case .tableJoined = $0 { true } else { false } }
        await ann.socket.send(.networkTimeRequest(seat: .top))
        #expect(try await ann.socket.waitForError(TableError.notSeated.rawValue) == "Nobody sits in that seat.")
        await server.stop()
    }

    @Test func theMedianIsTheMiddleOfTheRecentRoundTrips() {
        let network = ConnectionNetwork(secret: 7)
        #expect(network.medianRoundTrip == nil)
        var now = Duration.zero
        for roundTrip in [40, 10, 30, 200] {
            let value = network.ping(at: now)
            now += .milliseconds(roundTrip)
            _ = network.pong(value, at: now)
        }
        // 10, 30, 40, 200: the mean of the middle two. One slow answer moves it little.
        #expect(network.medianRoundTrip == .milliseconds(35))
        let value = network.ping(at: now)
        _ = network.pong(value, at: now + .milliseconds(20))
        #expect(network.medianRoundTrip == .milliseconds(30))
    }
}
