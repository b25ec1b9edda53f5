import Foundation
import SnapCore
import SnapProtocol
import SnapTestSupport
import Testing

@testable import SnapServer
import SnapServerTestSupport

/// Quick rounds, the turn timer and table settings on a whole server in process, over bare WebSockets, driven by
/// its manual clock so that every countdown can be checked to the millisecond.
@Suite struct ServerQuickRoundTests {
    /// A signed-in player on a bare WebSocket.
    struct Player {
        let socket: InProcessSocket
        let id: PlayerID
        let token: String
    }

    /// A server whose clock only moves when the test says, with these settings for new tables.
    static func start(_ settings: TableSettings) -> (InProcessServer, ManualServerClock) {
        let server = InProcessServer.start { $0.tableSettings = settings }
        return (server, server.clock)
    }

    /// Signs in, speaking `version`.
    static func signIn(_ name: String, on server: InProcessServer, version: UInt8 = classicProtocolVersion) async throws -> Player {
        let socket = try await server.connect()
        await socket.send(.hello(version: version))
        await socket.send(.signInResponse(name: name))
        guard case .welcome(_, let id, let token) = try await socket.waitFor("welcome", { if case .welcome = $0 { true } else { false } })
        else { throw TimedOut(what: "welcome") }
        return Player(socket: socket, id: id, token: token)
    }

    /// Ann hosts and Bob joins; returns the table's code.
    @discardableResult
    static func seat(_ ann: Player, _ bob: Player) async throws -> String {
        await ann.socket.send(.hostTable(solo: false))
        guard case .tableJoined(let code, _) = try await ann.socket.waitFor("the table", { if case .tableJoined = $0 { true } else { false } })
        else { throw TimedOut(what: "the table") }
        await bob.socket.send(.joinTable(code: code))
        try await bob.socket.waitFor("the seat") { if case .tableJoined = $0 { true } else { false } }
        try await ann.socket.waitFor("Bob") { if case .playerJoined = $0 { true } else { false } }
        return code
    }

    /// Ann starts the round and the deal ends; returns the id of the first active player.
    static func play(_ ann: Player, _ clock: ManualServerClock) async throws -> PlayerID {
        await ann.socket.send(.startRound)
        try await ann.socket.waitFor("the deal") { if case .dealCards = $0 { true } else { false } }
        clock.advance(by: .seconds(2))
        guard case .activatePlayer(let active) = try await ann.socket.waitFor("the first turn", { if case .activatePlayer = $0 { true } else { false } })
        else { throw TimedOut(what: "the first turn") }
        return active
    }

    /// Waits until the server has handled everything `socket` sent so far (it answers in order).
    static func synced(_ socket: InProcessSocket) async throws {
        await socket.send(.listTables)
        try await socket.waitFor("the table list") { if case .tableList = $0 { true } else { false } }
    }

    static func turnClock(_ packet: Packet) -> Bool { if case .turnClock = packet { true } else { false } }

    @Test func theHostChoosesTheSettingsBetweenRoundsAndEveryoneIsTold() async throws {
        let (server, clock) = Self.start(TableSettings())
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server)
        let code = try await Self.seat(ann, bob)
        // Each newcomer is told the settings straight after the snapshot.
        for player in [ann, bob] {
            let packets = player.socket.frames.map(\.packet)
            let snapshot = try #require(packets.firstIndex { if case .snapshot = $0 { true } else { false } })
            #expect(packets[snapshot + 1] == .tableSettings(roundSeconds: 0, turnSeconds: 0))
        }

        await ann.socket.send(.changeSettings(roundSeconds: 180, turnSeconds: 8))
        for player in [ann, bob] {
            try await player.socket.waitFor("the new settings") { $0 == .tableSettings(roundSeconds: 180, turnSeconds: 8) }
        }

        await bob.socket.send(.changeSettings(roundSeconds: 600, turnSeconds: 8))
        #expect(try await bob.socket.waitForError(TableError.notHost.rawValue) == "Only the host can do that.")
        for (round, turn): (UInt16, UInt8) in [(200, 8), (300, 31), (300, 2), (1, 0)] {
            await ann.socket.send(.changeSettings(roundSeconds: round, turnSeconds: turn))
            let message = try await ann.socket.waitForError(TableError.badSettings.rawValue)
            #expect(message.contains("3, 5 or 10 minutes"))
        }

        _ = try await Self.play(ann, clock)
        await ann.socket.send(.changeSettings(roundSeconds: 600, turnSeconds: 8))
        _ = try await ann.socket.waitForError(TableError.roundUnderWay.rawValue)
        let table = try #require(await server.table(code))
        #expect(await table.view(for: ann.id)?.settings == TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8)))
        await server.stop()
    }

    @Test func theServerTurnsForAnIdlePlayerWhenTheTurnTimerRunsOut() async throws {
        let (server, clock) = Self.start(TableSettings(roundLength: .classic, turnTime: .seconds(8)))
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server)
        let code = try await Self.seat(ann, bob)
        let active = try await Self.play(ann, clock)
        let seat: Seat = active == ann.id ? .bottom : .top
        // Everyone is told how long the active player has.
        for player in [ann, bob] {
            #expect(try await player.socket.waitFor("the turn clock", Self.turnClock) == .turnClock(seat: seat, remaining: 8_000))
        }
        clock.advance(by: .milliseconds(7_999))
        try await Self.synced(ann.socket)
        #expect(!(ann.socket.frames.contains { if case .cardTurned = $0.packet { true } else { false } }))
        clock.advance(by: .milliseconds(1))
        let turned = try await bob.socket.waitFor("the card turned for them") { if case .cardTurned = $0 { true } else { false } }
        guard case .cardTurned(let turnedSeat, _) = turned else { return }
        #expect(turnedSeat == seat)
        // The next player's clock starts after the usual half second.
        clock.advance(by: .milliseconds(500))
        let next = try await ann.socket.waitFor("the next turn clock", Self.turnClock)
        #expect(next == .turnClock(seat: seat == .bottom ? .top : .bottom, remaining: 8_000))
        let table = try #require(await server.table(code))
        #expect(await table.cardsAccountedFor)
        await server.stop()
    }

    @Test func aDroppedPlayerIsTurnedForAfterASecondAndOneWhoComesBackGetsTheFullTime() async throws {
        let (server, clock) = Self.start(TableSettings(roundLength: .classic, turnTime: .seconds(8)))
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server)
        try await Self.seat(ann, bob)
        let active = try await Self.play(ann, clock)
        let (absent, watcher) = active == ann.id ? (ann, bob) : (bob, ann)
        let seat: Seat = absent.id == ann.id ? .bottom : .top
        try await watcher.socket.waitFor("the turn clock", Self.turnClock)

        // Three seconds into the turn, the active player's connection drops: a second is left, not five.
        clock.advance(by: .seconds(3))
        await absent.socket.close()
        try await watcher.socket.waitFor("the drop") { $0 == .playerConnection(seat: seat, connected: false) }
        #expect(try await watcher.socket.waitFor("the short clock", Self.turnClock) == .turnClock(seat: seat, remaining: 1_000))

        // They come back mid-countdown: the full time again, for them and for everyone.
        let back = try await server.connect()
        await back.send(.hello(version: classicProtocolVersion))
        await back.send(.reconnect(token: absent.token))
        try await back.waitFor("the snapshot") { if case .snapshot = $0 { true } else { false } }
        #expect(try await back.waitFor("the settings") { if case .tableSettings = $0 { true } else { false } } == .tableSettings(roundSeconds: 0, turnSeconds: 8))
        try await watcher.socket.waitFor("the return") { $0 == .playerConnection(seat: seat, connected: true) }
        #expect(try await watcher.socket.waitFor("the full clock", Self.turnClock) == .turnClock(seat: seat, remaining: 8_000))
        #expect(try await back.waitFor("the full clock", Self.turnClock) == .turnClock(seat: seat, remaining: 8_000))

        // Gone again: one second later the table turns for them and moves on.
        await back.close()
        #expect(try await watcher.socket.waitFor("the short clock", Self.turnClock) == .turnClock(seat: seat, remaining: 1_000))
        clock.advance(by: .seconds(1))
        // A second later: the card is turned for them, and the game goes on.
        try await watcher.socket.waitFor("the card turned for them") { if case .cardTurned(seat, _) = $0 { true } else { false } }
        await server.stop()
    }

    @Test func aQuickRoundEndsWhenTheTimeIsUpAndTheMostCardsWins() async throws {
        let (server, clock) = Self.start(TableSettings(roundLength: .quick(.seconds(180)), turnTime: nil))
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server)
        try await Self.seat(ann, bob)
        _ = try await Self.play(ann, clock)
        for player in [ann, bob] {
            let round = try await player.socket.waitFor("the round clock") { if case .roundClock = $0 { true } else { false } }
            #expect(round == .roundClock(remaining: 180_000))
        }
        // Ann calls with no match: she pays Bob a card, so he leads 27 to 25.
        await ann.socket.send(.callSnap(reaction: 500_000))
        try await bob.socket.waitFor("the wrong call") { if case .playerCalledSnap(_, .wrong) = $0 { true } else { false } }
        clock.advance(by: .seconds(1))
        try await bob.socket.waitFor("the payment") { $0 == .cardPaid(from: .bottom, to: .top) }
        clock.advance(by: .seconds(1))
        try await bob.socket.waitFor("play to go on") { $0 == .resumed }

        clock.advance(by: .seconds(177))
        try await Self.synced(ann.socket)
        #expect(!(ann.socket.frames.contains { $0.packet == .timeUp }))
        clock.advance(by: .seconds(1))
        for player in [ann, bob] {
            try await player.socket.waitFor("the time up") { $0 == .timeUp }
            #expect(try await player.socket.waitFor("the winner") { if case .roundWon = $0 { true } else { false } } == .roundWon(seat: .top, gamesWon: 1))
        }
        await server.stop()
    }

    @Test func aTieWhenTheTimeIsUpGoesToSuddenDeathUntilTheNextCorrectCall() async throws {
        let (server, clock) = Self.start(TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8)))
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server)
        try await Self.seat(ann, bob)
        _ = try await Self.play(ann, clock)
        // Nobody touches a thing: the table turns for both, and at the end they hold 26 cards each.
        clock.advance(by: .seconds(180))
        for player in [ann, bob] {
            try await player.socket.waitFor("the time up") { $0 == .timeUp }
            #expect(try await player.socket.waitFor("sudden death") { if case .suddenDeath = $0 { true } else { false } } == .suddenDeath([.bottom, .top]))
        }
        // Play goes on (turned for them) until two top cards match; Ann calls it and wins the round.
        var tops: [Seat: UInt8] = [:]
        var seen = 0
        matching: for _ in 0..<200 {
            clock.advance(by: .milliseconds(8_500))
            try await Self.synced(ann.socket)
            let frames = ann.socket.frames
            for frame in frames.dropFirst(seen) {
                switch frame.packet {
                case .cardTurned(let seat, let card): tops[seat] = card.value
                case .recycled(let seat, _): tops[seat] = nil
                default: break
                }
            }
            seen = frames.count
            if let a = tops[.bottom], a == tops[.top] { break matching }
        }
        await ann.socket.send(.callSnap(reaction: 300_000))
        try await bob.socket.waitFor("the correct call") {
            if case .playerCalledSnap(ann.id, .correct) = $0 { true } else { false }
        }
        clock.advance(by: .seconds(2))
        #expect(try await bob.socket.waitFor("the winner") { if case .roundWon = $0 { true } else { false } } == .roundWon(seat: .bottom, gamesWon: 1))
        await server.stop()
    }

    @Test func versionTwoClientsAreNotSentTheClocksOrTheSettings() async throws {
        let (server, clock) = Self.start(TableSettings(roundLength: .quick(.seconds(180)), turnTime: .seconds(8)))
        let ann = try await Self.signIn("Ann", on: server)
        let bob = try await Self.signIn("Bob", on: server, version: 2)
        try await Self.seat(ann, bob)
        _ = try await Self.play(ann, clock)
        try await ann.socket.waitFor("the turn clock", Self.turnClock)
        try await Self.synced(bob.socket)
        let types = Set(bob.socket.frames.map(\.packet.type))
        #expect(types.allSatisfy { $0.sinceVersion <= 2 }, "\(types)")
        #expect(types.contains(.activatePlayer))
        await server.stop()
    }
}
